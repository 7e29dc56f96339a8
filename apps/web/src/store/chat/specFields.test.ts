import { afterEach, describe, expect, it } from 'vitest';
import { groupSendMsg } from '@paichat/protocol';
import {
  AMY,
  BEN,
  CHEN,
  createWorld,
  deliver,
  expectNoErrors,
  onlineEngine,
  sendAs,
  sendHeldBack,
  startEngine,
} from './testing/harness';

afterEach(expectNoErrors);

/** Spec 3's fields that restate a message's others, as they should be for its writer and chat. */
const specOf = (personId: string, chatType: 'SINGLE' | 'GROUP') => ({
  personId,
  talkType: chatType,
  windowType: chatType,
});

describe("spec 3's local message fields", () => {
  it('are set on received, loaded and caught-up messages, and on own ones as they are sent', async () => {
    const { world, engine, sending } = await sendHeldBack('mine');
    const waiting = engine.getWindow(world.ab).messages.at(-1);
    expect(waiting).toMatchObject({ ...specOf(AMY, 'SINGLE'), sendtype: 'wating' });
    expect(waiting?.time).toBe(waiting?.createTime);
    expect(waiting?.status).toBeUndefined();
    world.device.hold(false);
    await sending;
    // Received live.
    await sendAs(world, BEN, AMY, 'pushed');
    deliver(world, engine);
    await engine.idle();
    const rows = engine.getWindow(world.ab).messages;
    expect(rows.at(-2)).toMatchObject({ ...specOf(AMY, 'SINGLE'), sendtype: 'success', status: '0' });
    expect(rows.at(-1)).toMatchObject({ ...specOf(BEN, 'SINGLE'), type: 1, status: '0' });
    for (const row of rows) expect(row.time).toBe(row.createTime);
    await engine.stop();

    // Caught up after being away, and loaded when the chat opens on another start.
    await sendAs(world, CHEN, AMY, 'while away');
    const again = await onlineEngine(world);
    await again.open({ chatId: world.ac });
    await again.idle();
    const caught = again.getWindow(world.ac).messages.at(-1);
    expect(caught).toMatchObject({ ...specOf(CHEN, 'SINGLE'), status: '0', content: { text: 'while away' } });
    expect(caught?.time).toBe(caught?.createTime);
  });

  it("carry a refused send's status, and a group's kind and writer", async () => {
    const world = createWorld();
    const { groupId, chatId } = world.server.createGroup(AMY, [BEN, CHEN], 'Trip');
    const engine = await onlineEngine(world);
    world.server.block(CHEN, AMY);
    await engine.send(world.ac, 'TEXT', { text: 'are you there?' });
    const refused = engine.getWindow(world.ac).messages;
    expect(refused.at(-2)).toMatchObject({ sendtype: 'error', status: '2' });
    expect(refused.at(-1)).toMatchObject({ type: 3, ...specOf('0', 'SINGLE') });

    await world.server.as(BEN).call(groupSendMsg, { groupId, msgType: 'TEXT', content: { text: 'hi' } });
    deliver(world, engine);
    await engine.idle();
    expect(engine.getWindow(chatId).messages.at(-1)).toMatchObject(specOf(BEN, 'GROUP'));
  });
});

describe("spec 3's chat data per peer", () => {
  it("names a one-to-one chat's friend in fromInfo and a group chat's group in groupInfo", async () => {
    const world = createWorld();
    const { groupId, chatId } = world.server.createGroup(AMY, [BEN], 'Trip');
    await onlineEngine(world).then((engine) => engine.stop());
    const engine = await startEngine(world);
    expect(engine.getWindow(world.ab)).toMatchObject({
      fromInfo: { userId: BEN, nickName: 'Ben', userType: expect.any(String) },
    });
    expect(engine.getWindow(world.ab).groupInfo).toBeUndefined();
    expect(engine.getWindow(chatId)).toMatchObject({ groupInfo: { userId: groupId, nickName: 'Trip' } });
    expect(engine.getWindow(chatId).fromInfo).toBeUndefined();
  });
});

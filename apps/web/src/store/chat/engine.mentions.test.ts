import { afterEach, describe, expect, it } from 'vitest';
import { groupSendMsg, markRead } from '@paichat/protocol';
import { AMY, BEN, CHEN, createWorld, deliver, entry, expectNoErrors, onlineEngine } from './testing/harness';

afterEach(expectNoErrors);

/** Amy's group with Ben and Chen, muted by Amy, and Amy's engine online. */
async function mutedGroup() {
  const world = createWorld();
  const { groupId, chatId } = world.server.createGroup(AMY, [BEN, CHEN], 'Trip');
  const engine = await onlineEngine(world);
  await engine.setDisturb(chatId, true);
  await engine.idle();
  const send = (from: string, content: { text: string; mentions?: string[] }) =>
    world.server.as(from).call(groupSendMsg, { groupId, msgType: 'TEXT', content });
  return { world, engine, chatId, send };
}

describe('@mentions on the chat list', () => {
  it('marks a muted group that mentions the user, counting it rather than a dot, until it is read', async () => {
    const { world, engine, chatId, send } = await mutedGroup();
    await send(CHEN, { text: 'morning' });
    deliver(world, engine);
    await engine.idle();
    expect(entry(engine, chatId)).toMatchObject({ num: 'dot' });
    expect(entry(engine, chatId)?.mentioned).toBeUndefined();
    expect(world.badge).toBe('dot');

    await send(BEN, { text: '@Amy bring the map', mentions: [AMY] });
    deliver(world, engine);
    await engine.idle();
    expect(entry(engine, chatId)).toMatchObject({ mentioned: true, num: 2 });
    expect(world.badge).toBe(2);

    // Read on another device: the mark goes with the unread.
    await world.server.as(AMY).call(markRead, { chatId });
    deliver(world, engine);
    await engine.idle();
    expect(entry(engine, chatId)?.mentioned).toBeUndefined();
  });

  it('marks @All, and shows the mark the server keeps to a device that was not there', async () => {
    const world = createWorld();
    const { groupId, chatId } = world.server.createGroup(BEN, [AMY, CHEN], 'Hike');
    await world.server.as(BEN).call(groupSendMsg, {
      groupId,
      msgType: 'TEXT',
      content: { text: '@All leaving now', mentionAll: true },
    });
    const engine = await onlineEngine(world);
    expect(entry(engine, chatId)).toMatchObject({ mentioned: true });
  });
});

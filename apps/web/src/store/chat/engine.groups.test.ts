import { afterEach, describe, expect, it } from 'vitest';
import { groupSendMsg } from '@paichat/protocol';
import type { ChatEngine } from './engine';
import { noticeText } from './preview';
import { AMY, BEN, CHEN, createWorld, deliver, onlineEngine, worlds, type World } from './testing/harness';

afterEach(() => {
  // Failed requests are expected; anything else reaching onError is a bug.
  for (const world of worlds.splice(0)) expect(world.errors).toEqual([]);
});

const entry = (engine: ChatEngine, chatId: string) =>
  engine.getSnapshot().list.find((e) => e.chatId === chatId);

const groupSends = (world: World) => world.device.calls.filter(([path]) => path === groupSendMsg.path);

/** Amy's group with Ben and Chen, and Amy's engine, online and caught up. */
async function groupWorld() {
  const world = createWorld();
  const { groupId, chatId } = world.server.createGroup(AMY, [BEN, CHEN], 'Trip');
  const engine = await onlineEngine(world);
  return { world, engine, groupId, chatId };
}

describe('group chats', () => {
  it('lists the group by its name, opening with the localized "created" notice', async () => {
    const { engine, groupId, chatId } = await groupWorld();
    expect(entry(engine, chatId)).toMatchObject({
      userId: groupId,
      nickName: 'Trip',
      windowType: 'GROUP',
      groupStatus: 'ACTIVE',
      content: 'Amy invited Ben, Chen to the group chat',
    });
  });

  it('sends through /group/sendMsg with the groupId, retrying with the same clientMsgId', async () => {
    const { world, engine, groupId, chatId } = await groupWorld();
    // The request reached the server, the answer was lost.
    world.device.failNext('response');
    await engine.send(chatId, 'TEXT', { text: 'hello all' });
    const [failed] = engine.getWindow(chatId).messages.filter((m) => m.type === 2);
    expect(failed).toMatchObject({ sendtype: 'error', toId: groupId });

    await engine.retry(chatId, failed?.id ?? '');
    deliver(world, engine);
    await engine.idle();
    const sends = groupSends(world);
    expect(sends.map(([, body]) => body)).toEqual([
      { groupId, msgType: 'TEXT', content: { text: 'hello all' }, clientMsgId: failed?.clientMsgId },
      { groupId, msgType: 'TEXT', content: { text: 'hello all' }, clientMsgId: failed?.clientMsgId },
    ]);
    expect(world.server.sentBy(AMY)).toHaveLength(1);
    expect(engine.getWindow(chatId).messages.filter((m) => m.type === 2)).toMatchObject([
      { sendtype: 'success', clientMsgId: failed?.clientMsgId },
    ]);
  });

  it("names a received message's sender by their group nickname, else their nickname", async () => {
    const { world, engine, groupId, chatId } = await groupWorld();
    world.server.setGroupNick(groupId, BEN, 'Benny');
    await world.server.as(BEN).call(groupSendMsg, { groupId, msgType: 'TEXT', content: { text: 'hi' } });
    await world.server.as(CHEN).call(groupSendMsg, { groupId, msgType: 'TEXT', content: { text: 'yo' } });
    deliver(world, engine);
    await engine.idle();
    const received = engine.getWindow(chatId).messages.filter((m) => m.type === 1);
    expect(received).toMatchObject([
      { showName: 'Benny', groupNick: 'Benny', nickName: 'Ben', portrait: '/p/2.png' },
      { showName: 'Chen', nickName: 'Chen' },
    ]);
    expect(received[1]?.groupNick).toBeUndefined();
    // The chat list previews others' messages as "name: text".
    expect(entry(engine, chatId)?.content).toBe('Chen: yo');
  });

  it("previews others' messages under the name the chat shows: group nickname, remark, nickname", async () => {
    const world = createWorld();
    const { groupId, chatId } = world.server.createGroup(AMY, [BEN, CHEN], 'Trip');
    const remarks = new Map([[BEN, 'Big Ben']]);
    let redraw = () => {};
    const engine = await onlineEngine(world, {
      remarkOf: (userId) => remarks.get(userId),
      subscribeRemarks: (listener) => {
        redraw = listener;
        return () => undefined;
      },
    });
    await world.server.as(BEN).call(groupSendMsg, { groupId, msgType: 'TEXT', content: { text: 'hi' } });
    deliver(world, engine);
    await engine.idle();
    expect(entry(engine, chatId)?.content).toBe('Big Ben: hi');

    // A new remark shows once the friend list tells.
    remarks.set(BEN, 'Benjamin');
    redraw();
    expect(entry(engine, chatId)?.content).toBe('Benjamin: hi');

    world.server.setGroupNick(groupId, BEN, 'Benny');
    await world.server.as(BEN).call(groupSendMsg, { groupId, msgType: 'TEXT', content: { text: 'again' } });
    deliver(world, engine);
    await engine.idle();
    expect(entry(engine, chatId)?.content).toBe('Benny: again');
  });

  it('shows a refused send as a localized notice once removed, and the chat turns read-only', async () => {
    const { world, engine, groupId, chatId } = await groupWorld();
    // Removed while this device heard nothing (the pushes are lost).
    world.device.connected = false;
    world.server.removeFromGroup(groupId, AMY);
    world.device.connected = true;
    await engine.send(chatId, 'TEXT', { text: 'still here?' });
    await engine.idle();
    const rows = engine.getWindow(chatId).messages;
    const refused = rows.find((m) => m.type === 2);
    expect(refused?.sendtype).toBe('error');
    const notice = rows.find((m) => m.notice?.key === 'errors.notGroupMember');
    expect(notice && noticeText(notice)).toBe('You are not a member of this group chat');
    expect(entry(engine, chatId)?.groupStatus).toBe('LEFT');
  });

  it('follows a dismissal told by GROUP_CHANGED: the notice shows and the chat is read-only', async () => {
    const { world, engine, groupId, chatId } = await groupWorld();
    world.server.dismissGroup(groupId);
    deliver(world, engine);
    await engine.idle();
    expect(entry(engine, chatId)).toMatchObject({
      groupStatus: 'DISMISSED',
      content: 'Owner dismissed the group chat',
    });
    await engine.send(chatId, 'TEXT', { text: 'anyone?' });
    const last = engine.getWindow(chatId).messages.at(-1);
    expect(last && noticeText(last)).toBe('This group chat has been dismissed');
  });
});

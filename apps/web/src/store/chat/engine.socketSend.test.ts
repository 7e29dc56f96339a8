/**
 * Sending over the open socket (issue 25): the engine's sends go as socket frames while the
 * socket is ready and over HTTP otherwise, with the same clientMsgId either way, so a message
 * is never lost or stored twice whichever way it went.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { groupSendMsg, sendMsg } from '@paichat/protocol';
import {
  AMY,
  BEN,
  CHEN,
  createWorld,
  deliver,
  expectNoErrors,
  onlineEngine,
  own,
  sentToServer,
  type World,
} from './testing/harness';
import { socketFirst } from './transport';

afterEach(expectNoErrors);

/** Amy's engine, online, sending socket-first as the app does (lifecycle.ts). */
const socketEngine = (world: World) =>
  onlineEngine(world, { transport: socketFirst(world.device.transport, () => world.device.frames) });

const clientMsgIds = (sends: [string, unknown][]) =>
  sends.map(([, body]) => (body as { clientMsgId: string }).clientMsgId);

describe('sending over the socket', () => {
  it('sends over the ready socket, not HTTP, and shows the acknowledged message', async () => {
    const world = createWorld();
    const engine = await socketEngine(world);
    await engine.send(world.ab, 'TEXT', { text: 'by socket' });
    expect(world.device.framesSent).toEqual([
      [
        sendMsg.path,
        { userId: BEN, msgType: 'TEXT', content: { text: 'by socket' }, clientMsgId: expect.any(String) },
      ],
    ]);
    expect(sentToServer(world)).toEqual([]);
    expect(own(engine, world.ab)).toMatchObject([{ sendtype: 'success', seq: 2 }]);
    expect(world.server.sentBy(AMY)).toHaveLength(1);
  });

  it('sends over HTTP while the socket is not ready', async () => {
    const world = createWorld();
    world.device.frameMode = 'notReady';
    const engine = await socketEngine(world);
    await engine.send(world.ab, 'TEXT', { text: 'by HTTP' });
    expect(world.device.framesSent).toEqual([]);
    expect(sentToServer(world)).toHaveLength(1);
    expect(own(engine, world.ab)).toMatchObject([{ sendtype: 'success', seq: 2 }]);
  });

  it('sends again over HTTP with the same clientMsgId when the ack does not come: stored once', async () => {
    const world = createWorld();
    world.device.frameMode = 'ackLost';
    const engine = await socketEngine(world);
    await engine.send(world.ab, 'TEXT', { text: 'ack lost' });
    deliver(world, engine);
    await engine.idle();
    const [row] = own(engine, world.ab);
    expect(clientMsgIds(world.device.framesSent)).toEqual([row?.clientMsgId]);
    expect(clientMsgIds(sentToServer(world))).toEqual([row?.clientMsgId]);
    expect(world.server.sentBy(AMY)).toHaveLength(1);
    expect(own(engine, world.ab)).toMatchObject([
      { sendtype: 'success', msgId: world.server.sentBy(AMY)[0]?.msgId },
    ]);
  });

  it("shows the server's refusal from the ack, and does not send it again over HTTP", async () => {
    const world = createWorld();
    world.server.block(CHEN, AMY);
    const engine = await socketEngine(world);
    await engine.send(world.ac, 'TEXT', { text: 'blocked?' });
    const rows = engine.getWindow(world.ac).messages;
    expect(rows.at(-2)).toMatchObject({ type: 2, sendtype: 'error' });
    expect(rows.at(-1)).toMatchObject({ type: 3, notice: { key: 'chat.refused.blockedByUser' } });
    expect(world.device.framesSent).toHaveLength(1);
    expect(sentToServer(world)).toEqual([]);
  });

  it('sends to a group over the socket', async () => {
    const world = createWorld();
    const { groupId, chatId } = world.server.createGroup(AMY, [BEN, CHEN], 'Trip');
    const engine = await socketEngine(world);
    await engine.send(chatId, 'TEXT', { text: 'hello all' });
    expect(world.device.framesSent).toEqual([
      [
        groupSendMsg.path,
        { groupId, msgType: 'TEXT', content: { text: 'hello all' }, clientMsgId: expect.any(String) },
      ],
    ]);
    expect(world.device.calls.filter(([path]) => path === groupSendMsg.path)).toEqual([]);
    expect(own(engine, chatId)).toMatchObject([{ sendtype: 'success' }]);
  });
});

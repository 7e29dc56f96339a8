import { afterEach, describe, expect, it } from 'vitest';
import { BUSY_PAUSE_MS, BUSY_TRIES } from './outbox';
import type { LocalMessage } from './types';
import {
  AMY,
  CHEN,
  createWorld,
  deliver,
  entry,
  expectNoErrors,
  onlineEngine,
  sendHeldBack,
  own,
  sentToServer,
  startEngine,
  texts,
  until,
} from './testing/harness';

afterEach(expectNoErrors);

describe('sending', () => {
  it('shows the row at once as waiting, then sent with its msgId and seq', async () => {
    const { world, engine, sending } = await sendHeldBack('  hello  ');
    const [row] = own(engine, world.ab);
    expect(row).toMatchObject({ sendtype: 'wating', content: { text: 'hello' } });
    expect(row?.id).toMatch(/^local_/);
    expect(entry(engine, world.ab)).toMatchObject({ content: 'hello', lastSendtype: 'wating' });
    world.device.hold(false);
    await sending;
    const [sent] = own(engine, world.ab);
    expect(sent).toMatchObject({ sendtype: 'success', seq: 2, clientMsgId: row?.id });
    expect(sent?.id).toBe(sent?.msgId);
    expect(entry(engine, world.ab)?.num).toBe(0);
  });

  it('keeps one row whether the echo or the answer comes first', async () => {
    const { world, engine, sending } = await sendHeldBack('race');
    deliver(world, engine); // the echo, before the HTTP answer
    await until(() => own(engine, world.ab)[0]?.sendtype === 'success');
    expect(own(engine, world.ab)).toHaveLength(1);
    world.device.hold(false);
    await sending;
    deliver(world, engine);
    await engine.idle();
    expect(texts(engine, world.ab).filter((t) => t === 'race')).toHaveLength(1);
    expect(own(engine, world.ab)).toHaveLength(1);
    expect(world.server.sentBy(AMY)).toHaveLength(1);
  });

  it('refuses a blocked send with a notice carrying the reason, and empties the outbox', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    world.server.block(CHEN, AMY);
    await engine.send(world.ac, 'TEXT', { text: 'are you there?' });
    const rows = engine.getWindow(world.ac).messages;
    expect(rows.at(-2)).toMatchObject({ type: 2, sendtype: 'error' });
    expect(rows.at(-1)).toMatchObject({ type: 3, notice: { key: 'chat.refused.blockedByUser' } });
    const { noticeText } = await import('./preview');
    expect(noticeText(rows.at(-1) as LocalMessage)).toBe(
      'Message was blocked: you have been blocked by this user.',
    );
    // Not sent again on reconnect: the server refused it.
    engine.dispatch({ type: 'connection', status: 'reconnecting' });
    engine.dispatch({ type: 'connection', status: 'open' });
    await engine.idle();
    expect(sentToServer(world)).toHaveLength(1);
  });

  it('on a network failure shows error and the notice; a retry sends it once', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    // The request reached the server, the answer was lost.
    world.device.failNext('response');
    await engine.send(world.ab, 'TEXT', { text: 'lost answer' });
    const [row] = own(engine, world.ab);
    expect(row?.sendtype).toBe('error');
    expect(engine.getWindow(world.ab).messages.at(-1)).toMatchObject({
      type: 3,
      notice: { key: 'chat.sendFailed' },
    });
    expect(entry(engine, world.ab)?.lastSendtype).toBeUndefined();
    await engine.retry(world.ab, row?.id ?? '');
    deliver(world, engine); // the echo of the first request too
    await engine.idle();
    const sends = sentToServer(world);
    expect(sends).toHaveLength(2);
    expect((sends[0]?.[1] as { clientMsgId: string }).clientMsgId).toBe(row?.clientMsgId);
    expect((sends[1]?.[1] as { clientMsgId: string }).clientMsgId).toBe(row?.clientMsgId);
    expect(world.server.sentBy(AMY)).toHaveLength(1);
    expect(own(engine, world.ab)).toMatchObject([{ sendtype: 'success', clientMsgId: row?.clientMsgId }]);
    // The "check network" notice no longer holds.
    expect(engine.getWindow(world.ab).messages.filter((m) => m.notice)).toEqual([]);
  });

  it('rejects content that is not valid for its type, adding nothing', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    await expect(engine.send(world.ab, 'TEXT', { text: '   ' })).rejects.toThrow('text is required');
    expect(own(engine, world.ab)).toEqual([]);
  });
});

describe('the outbox', () => {
  it('survives a reload and is sent on reconnect with the same clientMsgId', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    world.device.online = false;
    engine.dispatch({ type: 'connection', status: 'reconnecting' });
    await engine.send(world.ab, 'TEXT', { text: 'offline 1' });
    await engine.send(world.ab, 'TEXT', { text: 'offline 2' });
    const ids = own(engine, world.ab).map((m) => m.clientMsgId);
    expect(own(engine, world.ab).map((m) => m.sendtype)).toEqual(['error', 'error']);
    await engine.stop();

    // The page reloads while still offline: the rows are there, waiting.
    const reloaded = await startEngine(world);
    await reloaded.open({ chatId: world.ab }).catch(() => undefined);
    expect(own(reloaded, world.ab).map((m) => m.clientMsgId)).toEqual(ids);
    world.device.online = true;
    reloaded.dispatch({ type: 'connection', status: 'open' });
    await reloaded.idle();
    deliver(world, reloaded);
    await reloaded.idle();
    expect(own(reloaded, world.ab).map((m) => [m.clientMsgId, m.sendtype])).toEqual([
      [ids[0], 'success'],
      [ids[1], 'success'],
    ]);
    expect(world.server.sentBy(AMY).map((m) => m.clientMsgId)).toEqual(ids);
    expect(own(reloaded, world.ab).map((m) => (m.content as { text: string }).text)).toEqual([
      'offline 1',
      'offline 2',
    ]);
  });

  it('asks a busy server again by itself after a pause, the row waiting meanwhile', async () => {
    const world = createWorld();
    const pauses: number[] = [];
    const engine = await onlineEngine(world, {
      delay: (ms) => {
        pauses.push(ms);
        // Still waiting while the server is asked again, not failed.
        expect(own(engine, world.ab).map((m) => m.sendtype)).toEqual(['wating']);
        return Promise.resolve();
      },
    });
    world.device.failNext('busy');
    world.device.failNext('busy');
    await engine.send(world.ab, 'TEXT', { text: 'in a busy moment' });
    await engine.idle();
    expect(pauses).toEqual([BUSY_PAUSE_MS, 2 * BUSY_PAUSE_MS]);
    expect(own(engine, world.ab).map((m) => m.sendtype)).toEqual(['success']);
    const attempts = sentToServer(world).map(([, body]) => (body as { clientMsgId: string }).clientMsgId);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts).size).toBe(1);
    expect(world.server.sentBy(AMY)).toHaveLength(1);
  });

  it('fails the row like an unanswered send when the server stays busy, and sends it on reconnect', async () => {
    const world = createWorld();
    const pauses: number[] = [];
    const engine = await onlineEngine(world, {
      delay: (ms) => {
        pauses.push(ms);
        return Promise.resolve();
      },
    });
    for (let i = 0; i < BUSY_TRIES; i += 1) world.device.failNext('busy');
    await engine.send(world.ab, 'TEXT', { text: 'later' });
    await engine.idle();
    expect(pauses).toHaveLength(BUSY_TRIES - 1);
    expect(own(engine, world.ab).map((m) => m.sendtype)).toEqual(['error']);
    expect(world.server.sentBy(AMY)).toEqual([]);

    engine.dispatch({ type: 'connection', status: 'reconnecting' });
    engine.dispatch({ type: 'connection', status: 'open' });
    await engine.idle();
    deliver(world, engine);
    await engine.idle();
    expect(own(engine, world.ab).map((m) => m.sendtype)).toEqual(['success']);
    expect(world.server.sentBy(AMY)).toHaveLength(1);
  });

  it('sends a message caught in flight by a reload once', async () => {
    const { world, engine, sending } = await sendHeldBack('in flight');
    void sending.catch(() => undefined);
    await engine.stop(); // the server stored it; the answer never reached this page
    world.device.hold(false);
    world.device.pending.length = 0;
    const reloaded = await onlineEngine(world);
    await reloaded.open({ chatId: world.ab });
    await reloaded.idle();
    expect(world.server.sentBy(AMY)).toHaveLength(1);
    expect(own(reloaded, world.ab)).toMatchObject([{ sendtype: 'success', seq: 2 }]);
  });
});

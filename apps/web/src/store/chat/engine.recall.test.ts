import { afterEach, describe, expect, it } from 'vitest';
import { MsgType, recallMsg, type ServerMessage } from '@paichat/protocol';
import type { ChatEngine } from './engine';
import { RE_EDIT_MS } from './recall';
import {
  AMY,
  BEN,
  createWorld,
  deliver,
  entry,
  expectNoErrors,
  onlineEngine,
  own,
  sendAs,
  type World,
} from './testing/harness';
import type { LocalMessage } from './types';

afterEach(expectNoErrors);

const rowOf = (engine: ChatEngine, chatId: string, text: string): LocalMessage => {
  const row = engine
    .getWindow(chatId)
    .messages.find((m) => (m.content as { text?: string }).text === text || m.msgId === text);
  if (!row) throw new Error(`no row ${text}`);
  return row;
};

/** The chat's rows, loaded as a window loads them. */
async function shown(engine: ChatEngine, chatId: string): Promise<void> {
  await engine.open({ chatId });
  await engine.idle();
}

/** Ben takes back his last message through the server (his own device, not under test). */
async function benRecalls(world: World, msgId: string): Promise<ServerMessage> {
  return world.server.as(BEN).call(recallMsg, { chatId: world.ab, msgId });
}

describe('recall', () => {
  it('a recall pushed to the device turns the held message into the recall line, read and listed', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    await sendAs(world, BEN, AMY, 'oops, wrong chat');
    deliver(world, engine);
    await shown(engine, world.ab);
    await engine.markRead(world.ab);
    const target = rowOf(engine, world.ab, 'oops, wrong chat');

    const event = await benRecalls(world, target.msgId ?? '');
    deliver(world, engine);
    await engine.idle();

    expect(rowOf(engine, world.ab, target.msgId ?? '')).toMatchObject({
      msgType: MsgType.RECALLED,
      content: { byId: BEN, byName: 'Ben' },
    });
    // The event is held at its seq (not drawn), and nothing new to read.
    expect(engine.getWindow(world.ab).messages.at(-1)).toMatchObject({
      msgId: event.msgId,
      msgType: 'RECALL',
    });
    expect(entry(engine, world.ab)).toMatchObject({ content: 'Ben recalled a message', num: 0 });
  });

  it('a device that missed the push applies the recall when it catches up', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    await sendAs(world, BEN, AMY, 'secret plan');
    deliver(world, engine);
    await shown(engine, world.ab);
    const target = rowOf(engine, world.ab, 'secret plan');
    engine.dispatch({ type: 'connection', status: 'closed' });
    await benRecalls(world, target.msgId ?? '');
    // Lost with the connection.
    world.device.take();

    engine.dispatch({ type: 'connection', status: 'open' });
    await engine.idle();
    expect(rowOf(engine, world.ab, target.msgId ?? '').msgType).toBe(MsgType.RECALLED);
    expect(JSON.stringify(engine.getWindow(world.ab).messages)).not.toContain('secret plan');
  });

  it('an own text recalled here is applied from the answer and kept for Re-edit for 5 minutes', async () => {
    const world = createWorld();
    let now = 1_800_000_000_000;
    const engine = await onlineEngine(world, { now: () => now });
    await engine.send(world.ab, 'TEXT', { text: 'let me rephrase' });
    const [sent] = own(engine, world.ab);
    if (!sent?.msgId) throw new Error('not sent');

    await engine.recall(world.ab, sent);
    // Applied without the push.
    expect(rowOf(engine, world.ab, sent.msgId)).toMatchObject({
      msgType: MsgType.RECALLED,
      content: { byId: AMY, byName: 'Amy' },
    });
    expect(entry(engine, world.ab)?.content).toBe('You recalled a message');
    expect(engine.reEdit(sent.msgId)?.text).toBe('let me rephrase');
    now += RE_EDIT_MS;
    expect(engine.reEdit(sent.msgId)).toBeUndefined();
  });

  it('a refused recall rejects with the server’s reason and changes nothing', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    await sendAs(world, BEN, AMY, 'not yours');
    deliver(world, engine);
    await shown(engine, world.ab);
    const target = rowOf(engine, world.ab, 'not yours');
    await expect(engine.recall(world.ab, target)).rejects.toThrow('You can only recall your own messages');
    expect(rowOf(engine, world.ab, 'not yours').msgType).toBe(MsgType.TEXT);
  });
});

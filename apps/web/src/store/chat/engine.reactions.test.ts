import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { reactMsg, recallMsg, type ServerMessage } from '@paichat/protocol';
import type { ChatEngine } from './engine';
import {
  AMY,
  BEN,
  createWorld,
  deliver,
  entry,
  expectNoErrors,
  hear,
  onlineEngine,
  sendAs,
  type World,
} from './testing/harness';
import type { LocalMessage } from './types';

afterEach(expectNoErrors);

const rowOf = (engine: ChatEngine, chatId: string, text: string): LocalMessage => {
  const row = engine.getWindow(chatId).messages.find((m) => (m.content as { text?: string }).text === text);
  if (!row) throw new Error(`no row ${text}`);
  return row;
};
const reactionsOf = (engine: ChatEngine, chatId: string, text: string) =>
  rowOf(engine, chatId, text).reactions?.list ?? [];

async function shown(engine: ChatEngine, chatId: string): Promise<void> {
  await engine.open({ chatId });
  await engine.idle();
}

let taps = 0;
/** Ben toggles an emoji through the server (his own device, not under test). */
function benReacts(world: World, msgId: string, emoji: string): Promise<ServerMessage> {
  return world.server.as(BEN).call(reactMsg, { chatId: world.ab, msgId, emoji, clientMsgId: `ben${++taps}` });
}

/** Amy's engine holding Ben's message `text`, read. */
async function holding(text: string) {
  const world = createWorld();
  const engine = await onlineEngine(world);
  await sendAs(world, BEN, AMY, text);
  deliver(world, engine);
  await shown(engine, world.ab);
  await engine.markRead(world.ab);
  return { world, engine, target: rowOf(engine, world.ab, text) };
}

describe('reactions', () => {
  it('a pushed reaction shows on the held message once, unread and the list preview unchanged', async () => {
    const { world, engine, target } = await holding('pizza tonight?');
    const before = entry(engine, world.ab);

    await benReacts(world, target.msgId ?? '', '👍');
    const pushes = [];
    for (let push = world.device.take(); push; push = world.device.take()) pushes.push(push);
    // Each push twice (a reconnect's repeat): nothing counts twice.
    for (const push of [...pushes, ...pushes]) hear(engine, push);
    await engine.idle();

    expect(reactionsOf(engine, world.ab, 'pizza tonight?')).toEqual([{ emoji: '👍', count: 1, mine: false }]);
    expect(entry(engine, world.ab)).toMatchObject({ num: 0, content: before?.content, time: before?.time });
  });

  it('reacting here toggles: the answer puts the emoji on, the same emoji again takes it off', async () => {
    const { world, engine, target } = await holding('new haircut');
    await engine.react(world.ab, target, '❤️');
    expect(reactionsOf(engine, world.ab, 'new haircut')).toEqual([{ emoji: '❤️', count: 1, mine: true }]);
    // The push of the same event changes nothing more.
    deliver(world, engine);
    await engine.idle();
    expect(reactionsOf(engine, world.ab, 'new haircut')).toEqual([{ emoji: '❤️', count: 1, mine: true }]);

    await benReacts(world, target.msgId ?? '', '❤️');
    deliver(world, engine);
    await engine.idle();
    expect(reactionsOf(engine, world.ab, 'new haircut')).toEqual([{ emoji: '❤️', count: 2, mine: true }]);

    await engine.react(world.ab, target, '❤️');
    expect(reactionsOf(engine, world.ab, 'new haircut')).toEqual([{ emoji: '❤️', count: 1, mine: false }]);
  });

  it('a tap whose answer was lost is asked again under its clientMsgId: the emoji goes on once', async () => {
    const { world, engine, target } = await holding('answer lost');
    world.device.failNext('response');
    await engine.react(world.ab, target, '👍');
    expect(reactionsOf(engine, world.ab, 'answer lost')).toEqual([{ emoji: '👍', count: 1, mine: true }]);
    const taps = world.device.calls.filter(([path]) => path === reactMsg.path);
    expect(taps).toHaveLength(2);
    expect(taps[0]?.[1]).toEqual(taps[1]?.[1]);
  });

  it('a device that missed the pushes catches up on every event once', async () => {
    const { world, engine, target } = await holding('the exam went well');
    engine.dispatch({ type: 'connection', status: 'closed' });
    await benReacts(world, target.msgId ?? '', '😮');
    await benReacts(world, target.msgId ?? '', '🙏');
    await benReacts(world, target.msgId ?? '', '😮');
    world.device.take();

    engine.dispatch({ type: 'connection', status: 'open' });
    await engine.idle();
    expect(reactionsOf(engine, world.ab, 'the exam went well')).toEqual([
      { emoji: '🙏', count: 1, mine: false },
    ]);
    expect(entry(engine, world.ab)?.num).toBe(0);
  });

  it('a device that never held the message takes its summary, and the older events beside it change nothing', async () => {
    const { world, target } = await holding('holiday photos');
    await benReacts(world, target.msgId ?? '', '😂');
    await benReacts(world, target.msgId ?? '', '👍');

    // Amy's new device: its first page holds the message (with its summary) and both events.
    const other = await onlineEngine({
      ...world,
      device: world.server.device(AMY),
      factory: new IDBFactory(),
    });
    await shown(other, world.ab);
    expect(reactionsOf(other, world.ab, 'holiday photos')).toEqual([
      { emoji: '😂', count: 1, mine: false },
      { emoji: '👍', count: 1, mine: false },
    ]);
  });

  it('a recall takes the reactions off the message', async () => {
    const { world, engine, target } = await holding('typo');
    await engine.react(world.ab, target, '😢');
    await world.server.as(BEN).call(recallMsg, { chatId: world.ab, msgId: target.msgId ?? '' });
    deliver(world, engine);
    await engine.idle();
    const recalled = engine.getWindow(world.ab).messages.find((m) => m.msgId === target.msgId);
    expect(recalled).toMatchObject({ msgType: 'RECALLED' });
    expect(recalled?.reactions).toBeUndefined();
  });
});

/**
 * The engine against a server restored from a backup: the seqs it skipped hold nothing, ever
 * (protocol chats.ts, "Empty seqs"), and the engine moves over them instead of asking for them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getChatMessages, syncMessages } from '@paichat/protocol';
import { AMY, BEN, createWorld, deliver, expectNoErrors, opened, sendAs, texts } from './testing/harness';
import type { ChatEngine } from './engine';

afterEach(expectNoErrors);

const numbered = (label: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${label} ${from + i}`);

/** The texts of a window that shows the chat's first message (the "now friends" notice), after it. */
function fromTheFirst(engine: ChatEngine, chatId: string): string[] {
  expect(engine.getWindow(chatId).messages[0]?.seq).toBe(1);
  return texts(engine, chatId).slice(1);
}

/** Scrolls up while the window says there is more, at most `pages` times. */
async function scrollUp(engine: ChatEngine, chatId: string, pages = 10): Promise<void> {
  for (let page = 0; page < pages && engine.getWindow(chatId).hasOlder; page += 1)
    await engine.loadOlder(chatId);
}

describe('after the server was restored', () => {
  it('scrolls up over the seqs the server skipped, to the first message, and stops asking', async () => {
    const world = createWorld();
    for (const text of numbered('before', 1, 25)) await sendAs(world, BEN, AMY, text);
    world.server.skipSeqs(10);
    // A page's worth: the newest page ends where the skipped seqs do.
    for (const text of numbered('after', 1, 20)) await sendAs(world, BEN, AMY, text);

    const engine = await opened(world, world.ab);
    world.device.pending.splice(0);
    await scrollUp(engine, world.ab);
    expect(fromTheFirst(engine, world.ab)).toEqual([
      ...numbered('before', 1, 25),
      ...numbered('after', 1, 20),
    ]);
    expect(engine.getWindow(world.ab).hasOlder).toBe(false);
    // The newest page, the page across the skipped seqs, the first messages: nothing more.
    const pages = world.device.calls.filter(([path]) => path === getChatMessages.path);
    expect(pages).toHaveLength(3);
    // Held without a gap up to the newest seq: a push of the next message needs no catch-up.
    const syncs = world.device.calls.filter(([path]) => path === syncMessages.path).length;
    await sendAs(world, BEN, AMY, 'next');
    deliver(world, engine);
    await engine.idle();
    expect(texts(engine, world.ab).at(-1)).toBe('next');
    expect(world.device.calls.filter(([path]) => path === syncMessages.path)).toHaveLength(syncs);
  });

  it('still scrolls up from messages the server lost, which the device keeps', async () => {
    const world = createWorld();
    for (const text of numbered('kept', 1, 5)) await sendAs(world, BEN, AMY, text);
    for (const text of numbered('lost', 1, 25)) await sendAs(world, BEN, AMY, text);
    // The device opens the chat now: it holds the newest page, all of it lost a moment later.
    const engine = await opened(world, world.ab);
    world.device.pending.splice(0);
    expect(texts(engine, world.ab)).toEqual(numbered('lost', 6, 25));

    // Restored to before the lost messages; the start-up guard skips past every seq they had.
    world.server.rollBack(world.ab, 6);
    world.server.skipSeqs(25);
    await sendAs(world, BEN, AMY, 'back');
    deliver(world, engine);
    await engine.idle();
    await scrollUp(engine, world.ab);
    expect(fromTheFirst(engine, world.ab)).toEqual([
      ...numbered('kept', 1, 5),
      ...numbered('lost', 6, 25),
      'back',
    ]);
    expect(engine.getWindow(world.ab).hasOlder).toBe(false);
  });
});

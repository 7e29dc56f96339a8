import { afterEach, describe, expect, it } from 'vitest';
import { BEN, AMY, createWorld, expectNoErrors, onlineEngine, sendAs } from './testing/harness';
import { extendJump, joinJump, type Jump } from './jump';
import type { LocalMessage } from './types';

afterEach(expectNoErrors);

const seqs = (rows: readonly LocalMessage[]) => rows.map((row) => row.seq);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Amy and Ben with a long history (the friends notice is seq 1), Amy's engine on the newest page. */
async function longChat(count: number) {
  const world = createWorld();
  for (let i = 1; i <= count; i += 1) await sendAs(world, BEN, AMY, `m${i}`);
  const engine = await onlineEngine(world);
  await engine.open({ chatId: world.ab });
  await engine.idle();
  return { world, engine, chatId: world.ab };
}

describe('a page away from the held history (a message opened from a search)', () => {
  it('is read around the message, then newer pages until they reach the held ones, shown as one list', async () => {
    const { engine, chatId } = await longChat(120);
    const held = engine.getWindow(chatId).messages;
    expect(Math.min(...seqs(held).map(Number))).toBeGreaterThan(60);

    const around = await engine.readPage(chatId, { around: 30 });
    expect(seqs(around.rows)).toEqual(range(20, 39));
    expect(around.rows[10]?.content).toEqual({ text: 'm29' });
    expect(around).toMatchObject({ hasOlder: true, hasNewer: true });
    // Nothing of it is kept: the engine's history stays what it was.
    expect(engine.getWindow(chatId).messages).toBe(held);

    let jump: Jump = { ...around, loadingOlder: false, loadingNewer: false };
    expect(joinJump(held, jump)).toEqual({ messages: around.rows, hasNewer: true });
    while (joinJump(held, jump).hasNewer) {
      const last = jump.rows.at(-1)?.seq ?? 0;
      jump = extendJump(jump, await engine.readPage(chatId, { after: last }), 'newer');
    }
    const joined = joinJump(held, jump).messages;
    expect(seqs(joined)).toEqual(range(20, 121));
    expect(joined.at(-1)).toBe(held.at(-1));

    // Scrolled up: the page before the oldest shown, down to the first message.
    const older = await engine.readPage(chatId, { before: jump.rows[0]?.msgId ?? '' });
    expect(seqs(older.rows)).toEqual(range(1, 19));
    expect(older.hasOlder).toBe(false);
    jump = extendJump(jump, older, 'older');
    expect(seqs(joinJump(held, jump).messages)).toEqual(range(1, 121));
  });

  it('around the first messages has nothing older', async () => {
    const { engine, chatId } = await longChat(30);
    const page = await engine.readPage(chatId, { around: 3 });
    expect(seqs(page.rows)).toEqual(range(1, 20));
    expect(page).toMatchObject({ hasOlder: false, hasNewer: true });
  });
});

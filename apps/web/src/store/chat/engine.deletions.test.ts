import { afterEach, describe, expect, it } from 'vitest';
import { MsgType, noticePush, NoticeType } from '@paichat/protocol';
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
  startEngine,
} from './testing/harness';
import { drawnMessages } from './undrawn';

afterEach(expectNoErrors);

const seqOf = (engine: ChatEngine, chatId: string, text: string): number => {
  const row = engine.getWindow(chatId).messages.find((m) => (m.content as { text?: string }).text === text);
  if (row?.seq === undefined) throw new Error(`no row ${text}`);
  return row.seq;
};

const drawnTexts = (engine: ChatEngine, chatId: string) =>
  drawnMessages(engine.getWindow(chatId).messages).map((m) => (m.content as { text?: string }).text);

/** Amy's device holds her open chat with Ben, who sent "keep me" then "forget me" (its seq). */
async function chatWithTwoMessages() {
  const world = createWorld();
  const engine = await onlineEngine(world);
  await sendAs(world, BEN, AMY, 'keep me');
  await sendAs(world, BEN, AMY, 'forget me');
  deliver(world, engine);
  await engine.open({ chatId: world.ab });
  await engine.idle();
  return { world, engine, seq: seqOf(engine, world.ab, 'forget me') };
}

describe('delete for me, told by another device', () => {
  it('turns the held rows into DELETED at their seqs: not drawn, not previewed, kept after a reload', async () => {
    const { world, engine, seq } = await chatWithTwoMessages();

    hear(engine, noticePush(NoticeType.MSG_DELETED, { chatId: world.ab, seqs: [seq] }, 1));
    await engine.idle();

    expect(drawnTexts(engine, world.ab)).not.toContain('forget me');
    expect(drawnTexts(engine, world.ab)).toContain('keep me');
    const held = engine.getWindow(world.ab).messages.find((m) => m.seq === seq);
    expect(held).toMatchObject({ msgType: MsgType.DELETED, content: {} });
    expect(entry(engine, world.ab)?.content).toBe('keep me');

    // A reload reads the row from the device as it was left (the in-memory server knows no
    // deletions, so the list's preview is the real server's to answer: forward.test.ts).
    await engine.stop();
    const again = await startEngine(world);
    await again.open({ chatId: world.ab });
    await again.idle();
    expect(drawnTexts(again, world.ab)).not.toContain('forget me');
    expect(again.getWindow(world.ab).messages.find((m) => m.seq === seq)?.msgType).toBe(MsgType.DELETED);
    await again.stop();
  });

  it('a device away when messages were deleted stops drawing them once it is back', async () => {
    const { world, engine, seq } = await chatWithTwoMessages();
    await engine.stop();

    // Deleted on another device meanwhile; this one never hears the notice.
    world.server.deleteFor(AMY, world.ab, [seq]);
    const back = await onlineEngine(world);
    await back.open({ chatId: world.ab });
    await back.idle();
    expect(drawnTexts(back, world.ab)).not.toContain('forget me');
    expect(drawnTexts(back, world.ab)).toContain('keep me');
    const held = back.getWindow(world.ab).messages.find((m) => m.seq === seq);
    expect(held).toMatchObject({ msgType: MsgType.DELETED, content: {} });
    // (The list's preview then is the session's: the real server's skips deleted rows, forward.test.ts.)
    await back.stop();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { getChatMessages } from '@paichat/protocol';
import type { ChatEngine } from './engine';
import {
  AMY,
  BEN,
  createWorld,
  deliver,
  expectNoErrors,
  onlineEngine,
  opened,
  own,
  sendAs,
  texts,
  type World,
} from './testing/harness';

afterEach(expectNoErrors);

const pagesAsked = (world: World) =>
  world.device.calls.filter(([path]) => path === getChatMessages.path).length;

/** Scrolled up to the top, a page at a time. */
async function scrollUp(engine: ChatEngine, chatId: string): Promise<void> {
  for (let page = 0; page < 50 && engine.getWindow(chatId).hasOlder; page += 1)
    await engine.loadOlder(chatId);
}

const twelve = Array.from({ length: 12 }, (_, i) => `ben ${i + 1}`);

/** Amy's device holds the whole chat with ben's twelve messages; the page is reloaded. */
async function reloadedWithHistory(world: World): Promise<ChatEngine> {
  for (const text of twelve) await sendAs(world, BEN, AMY, text);
  const engine = await opened(world, world.ab);
  await scrollUp(engine, world.ab);
  await engine.stop();
  return onlineEngine(world, { storedPageSize: 4 });
}

describe('a chat read from the device', () => {
  it('opens on its newest stored page and reads the rest from the device as it is scrolled up', async () => {
    const world = createWorld();
    const engine = await reloadedWithHistory(world);
    const asked = pagesAsked(world);

    engine.enter(world.ab);
    await engine.open({ chatId: world.ab });
    expect(texts(engine, world.ab)).toEqual(twelve.slice(-4));
    expect(engine.getWindow(world.ab).hasOlder).toBe(true);

    await scrollUp(engine, world.ab);
    expect(texts(engine, world.ab).slice(1)).toEqual(twelve);
    expect(pagesAsked(world)).toBe(asked);
  });

  it('finds a message still unsent far back on the device when the server answers it: one row', async () => {
    const world = createWorld();
    const first = await opened(world, world.ab);
    world.device.online = false;
    first.dispatch({ type: 'connection', status: 'reconnecting' });
    await first.send(world.ab, 'TEXT', { text: 'unsent' });
    // More of ben's messages come (over the socket) and are stored after it.
    for (const text of twelve) await sendAs(world, BEN, AMY, text);
    deliver(world, first);
    await first.idle();
    await first.stop();

    world.device.online = true;
    const engine = await onlineEngine(world, { storedPageSize: 4 });
    deliver(world, engine);
    await engine.idle();
    engine.enter(world.ab);
    await engine.open({ chatId: world.ab });
    await scrollUp(engine, world.ab);
    // The server placed it after them, where it now shows, and its failure notice went.
    expect(texts(engine, world.ab).slice(1)).toEqual([...twelve, 'unsent']);
    expect(own(engine, world.ab).map((m) => m.sendtype)).toEqual(['success']);
    expect(world.server.sentBy(AMY).map((m) => (m.content as { text: string }).text)).toEqual(['unsent']);
  });
});

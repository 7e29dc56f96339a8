/**
 * Test helpers: a fake server with amy ('1'), ben ('2') and chen ('3') — amy is friends with
 * both — and engines for amy on one device, over a fake IndexedDB that outlives them (so a
 * new engine is a page reload). Not for the app.
 */
import { IDBFactory } from 'fake-indexeddb';
import { expect } from 'vitest';
import { sendMsg, type ServerPush } from '@paichat/protocol';
import { PushRouter } from '../../../realtime/pushRouter';
import type { BadgeValue } from '../../../lib/badge';
import { ChatEngine, listenToChatPushes, type ChatEngineDeps } from '../engine';
import { openChatStorage } from '../storage';
import type { LocalMessage } from '../types';
import { FakeChatServer, type FakeDevice } from './fakeChatServer';

export const AMY = '1';
export const BEN = '2';
export const CHEN = '3';

export interface World {
  server: FakeChatServer;
  device: FakeDevice;
  factory: IDBFactory;
  /** amy–ben and amy–chen. */
  ab: string;
  ac: string;
  visible: boolean;
  badge: BadgeValue;
  errors: unknown[];
  toasts: string[];
}

/** Every world made by the running test file (to check none saw an unexpected error). */
export const worlds: World[] = [];

export function createWorld(): World {
  const server = new FakeChatServer();
  server.addUser(AMY, 'Amy');
  server.addUser(BEN, 'Ben');
  server.addUser(CHEN, 'Chen');
  const ab = server.befriend(AMY, BEN);
  const ac = server.befriend(AMY, CHEN);
  const world: World = {
    server,
    device: server.device(AMY),
    factory: new IDBFactory(),
    ab,
    ac,
    visible: true,
    badge: 0,
    errors: [],
    toasts: [],
  };
  worlds.push(world);
  return world;
}

/** Amy's engine on the world's device, started (not yet told the socket is open). */
export async function startEngine(world: World, extra: Partial<ChatEngineDeps> = {}): Promise<ChatEngine> {
  let n = 0;
  let clock = 1_800_000_000_000;
  const engine = new ChatEngine({
    userId: AMY,
    transport: world.device.transport,
    storage: await openChatStorage(AMY, world.factory),
    isVisible: () => world.visible,
    setBadge: (value) => {
      world.badge = value;
    },
    profile: () => ({ nickName: 'Amy', portrait: '/p/1.png' }),
    toast: (message) => world.toasts.push(message),
    onError: (error) => world.errors.push(error),
    newId: () => `local_${Date.now().toString(36)}_${(n += 1)}_${Math.random().toString(36).slice(2, 8)}`,
    now: () => (clock += 1000),
    // Small pages, so a reload reads a chat from the device a page at a time as the app does.
    storedPageSize: 3,
    ...extra,
  });
  await engine.start();
  return engine;
}

/** Started, told the socket is open, and settled. */
export async function onlineEngine(world: World, extra: Partial<ChatEngineDeps> = {}): Promise<ChatEngine> {
  const engine = await startEngine(world, extra);
  engine.dispatch({ type: 'connection', status: 'open' });
  await engine.idle();
  return engine;
}

/** Hands the engine one push the way the app does: through a push router. */
export function hear(engine: ChatEngine, push: ServerPush): void {
  const pushes = new PushRouter();
  const off = listenToChatPushes(pushes, (event) => engine.dispatch(event));
  pushes.dispatch(push);
  off();
}

/** Hands the engine every push queued for its device (or only `count`). */
export function deliver(world: World, engine: ChatEngine, count = Number.POSITIVE_INFINITY): void {
  for (let i = 0; i < count; i += 1) {
    const push = world.device.take();
    if (!push) return;
    hear(engine, push);
  }
}

/** Someone sends a text through the server, as a device not under test (amy's other one, say). */
export async function sendAs(world: World, from: string, to: string, text: string): Promise<void> {
  await world.server.as(from).call(sendMsg, { userId: to, msgType: 'TEXT', content: { text } });
}

/** The texts of a chat's window (a message that is not text: its type). */
export const texts = (engine: ChatEngine, chatId: string) =>
  engine.getWindow(chatId).messages.map((m) => (m.content as { text?: string }).text ?? m.msgType);

/** A chat's list entry. */
export const entry = (engine: ChatEngine, chatId: string) =>
  engine.getSnapshot().list.find((e) => e.chatId === chatId);

/** The user's own rows of a chat. */
export const own = (engine: ChatEngine, chatId: string): LocalMessage[] =>
  engine.getWindow(chatId).messages.filter((m) => m.type === 2);

/** Waits (in real time, a little) until the condition holds. */
export async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

/** The one-to-one sends the device made. */
export const sentToServer = (world: World) => world.device.calls.filter(([path]) => path === sendMsg.path);

/** Amy's engine, online, with the chat open on screen. */
export async function opened(world: World, chatId: string): Promise<ChatEngine> {
  const engine = await onlineEngine(world);
  engine.enter(chatId);
  await engine.open({ chatId });
  await engine.idle();
  return engine;
}

/**
 * Amy online, sending `text` to Ben while the server holds its answer back: the server has
 * stored it, the engine still waits. `sending` is the send; `world.device.hold(false)` answers.
 */
export async function sendHeldBack(text: string) {
  const world = createWorld();
  const engine = await onlineEngine(world);
  world.device.hold(true);
  const sending = engine.send(world.ab, 'TEXT', { text });
  await until(() => world.device.heldCount > 0);
  return { world, engine, sending };
}

/** After each test: failed requests are expected; anything else reaching onError is a bug. */
export function expectNoErrors(): void {
  for (const world of worlds.splice(0)) expect(world.errors).toEqual([]);
}

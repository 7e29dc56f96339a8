import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { getChatSessions, type Friend, type ServerPush, type UserInfo } from '@paichat/protocol';
import { createQueryClient } from '../../api/queryClient';
import { friendListKey } from '../../api/queries/friendList';
import { myInfoKey } from '../../api/queries/myInfo';
import { writeAuthToken, clearAuthToken } from '../../lib/authToken';
import { PushRouter } from '../../realtime/pushRouter';
import type { SocketSnapshot, SocketStatus } from '../../realtime/SocketClient';
import { CHAT_USER_KEY, ChatLifecycle } from './lifecycle';
import { AMY, BEN, createWorld, sendAs } from './testing/harness';

/** The socket client as the engine sees it, and the pushes it carries, through the app's router. */
class FakeSocket {
  private snapshot: SocketSnapshot = { status: 'idle', expiredCode: null };
  private readonly listeners = new Set<() => void>();
  readonly pushes = new PushRouter();
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = () => this.snapshot;
  /** Carries no sends: the engine's transport is the test's (overrides). */
  sendFrame = () => Promise.resolve(null);
  set(status: SocketStatus) {
    this.snapshot = { status, expiredCode: null };
    for (const listener of this.listeners) listener();
  }
  push(push: ServerPush) {
    this.pushes.dispatch(push);
  }
}

const me = (userId: string): UserInfo => ({
  userId,
  nickName: 'Amy',
  portrait: '',
  userType: 'user',
  chatNo: 'amy',
  gender: 'female',
  intro: '',
  address: { country: '', province: '', city: '' },
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

const lifecycles: ChatLifecycle[] = [];

/** The app's lifecycle over its own query cache, its engines on the world's server. */
function lifecycleFor(world: ReturnType<typeof createWorld>) {
  const queryClient = createQueryClient();
  const chats = new ChatLifecycle({
    queryClient,
    toast: vi.fn(),
    overrides: { transport: world.device.transport },
  });
  lifecycles.push(chats);
  return { chats, queryClient };
}

afterEach(async () => {
  for (const chats of lifecycles.splice(0)) await chats.stop();
  localStorage.clear();
  clearAuthToken();
});

describe('the engine and the session', () => {
  it('starts for the signed-in user when the socket opens, feeds it pushes, stops on sign-out', async () => {
    const world = createWorld();
    const socket = new FakeSocket();
    globalThis.indexedDB = new IDBFactory();
    const { chats, queryClient } = lifecycleFor(world);
    const detach = chats.attach(socket, socket.pushes);
    queryClient.setQueryData(myInfoKey, me(AMY));
    socket.set('connecting');
    socket.set('open');
    await until(() => chats.getEngine()?.getSnapshot().list.length === 2);
    expect(chats.getEngine()?.userId).toBe(AMY);
    expect(localStorage.getItem(CHAT_USER_KEY)).toBe(AMY);

    await sendAs(world, BEN, AMY, 'hello');
    for (const push of world.device.pending.splice(0)) socket.push(push);
    await chats.getEngine()?.idle();
    expect(chats.getEngine()?.getSnapshot().total).toBe(1);

    socket.set('closed');
    await until(() => chats.getEngine() === null);
    expect(localStorage.getItem(CHAT_USER_KEY)).toBeNull();
    detach();
  });

  it('clears the chats stored on this browser, then loads them back from the server', async () => {
    const world = createWorld();
    const socket = new FakeSocket();
    globalThis.indexedDB = new IDBFactory();
    const { chats, queryClient } = lifecycleFor(world);
    const detach = chats.attach(socket, socket.pushes);
    queryClient.setQueryData(myInfoKey, me(AMY));
    socket.set('open');
    await until(() => chats.getEngine()?.getSnapshot().list.length === 2);
    const before = chats.getEngine();
    await before?.idle();

    // With the network down, nothing comes back: the new engine starts from an empty store.
    world.device.online = false;
    await chats.clearCache();
    const after = chats.getEngine();
    expect(after).not.toBe(before);
    await after?.idle();
    expect(after?.getSnapshot().list).toEqual([]);

    // Back online (the socket reconnects), the chats come back from the server.
    world.device.online = true;
    socket.set('reconnecting');
    socket.set('open');
    await until(() => chats.getEngine()?.getSnapshot().list.length === 2);

    // Cleared while online, they come back at once.
    await chats.clearCache();
    await until(() => chats.getEngine()?.getSnapshot().list.length === 2);
    detach();
  });

  it('shows the stored list at once after a reload, before user info is loaded', async () => {
    const world = createWorld();
    globalThis.indexedDB = new IDBFactory();
    const first = new FakeSocket();
    const before = lifecycleFor(world);
    const detachFirst = before.chats.attach(first, first.pushes);
    before.queryClient.setQueryData(myInfoKey, me(AMY));
    first.set('open');
    await until(() => before.chats.getEngine()?.getSnapshot().list.length === 2);
    await before.chats.getEngine()?.idle();
    detachFirst();
    await before.chats.stop();

    // The reload: a new page (its own cache, no user info), a stored token and the remembered
    // user, the network down.
    world.device.online = false;
    writeAuthToken('token');
    const { chats } = lifecycleFor(world);
    const socket = new FakeSocket();
    const detach = chats.attach(socket, socket.pushes);
    await until(() => chats.getEngine()?.getSnapshot().list.length === 2);
    detach();
  });
});

describe('a session resuming on a device that holds none of its chats', () => {
  const listCalls = (world: ReturnType<typeof createWorld>) =>
    world.device.calls.filter(([path]) => path === getChatSessions.path).length;

  /** A reload with a stored token and no stored chats: the app attaches its lifecycle. */
  function resume(before?: (world: ReturnType<typeof createWorld>) => void) {
    const world = createWorld();
    globalThis.indexedDB = new IDBFactory();
    writeAuthToken('token');
    before?.(world);
    const { chats, queryClient } = lifecycleFor(world);
    const socket = new FakeSocket();
    const detach = chats.attach(socket, socket.pushes);
    /** The user info arrives, the socket starts connecting: the engine starts. */
    const userInfoArrives = () => {
      queryClient.setQueryData(myInfoKey, me(AMY));
      socket.set('connecting');
    };
    return { world, chats, socket, detach, userInfoArrives };
  }

  it('asks for the chat list with the user info, and the engine shows that answer without asking again', async () => {
    const { world, chats, socket, detach, userInfoArrives } = resume();
    expect(listCalls(world)).toBe(1);
    userInfoArrives();
    await until(() => chats.getEngine()?.getSnapshot().list.length === 2);
    await chats.getEngine()?.idle();
    expect(listCalls(world)).toBe(1);

    // Open, the socket brings a fresh sync.
    socket.set('open');
    await chats.getEngine()?.idle();
    expect(listCalls(world)).toBe(2);
    detach();
  });

  it('asks again when that early answer failed', async () => {
    const { world, chats, detach, userInfoArrives } = resume((w) => w.device.failNext('request'));
    userInfoArrives();
    await until(() => chats.getEngine()?.getSnapshot().list.length === 2);
    expect(listCalls(world)).toBe(2);
    detach();
  });

  it('leaves the answer when another session has begun meanwhile', async () => {
    const { world, chats, detach, userInfoArrives } = resume();
    writeAuthToken('another');
    userInfoArrives();
    await until(() => chats.getEngine()?.getSnapshot().answered === true);
    expect(listCalls(world)).toBe(2);
    detach();
  });
});

describe("the app's remarks", () => {
  const ben = (remark: string): Friend => ({
    userId: BEN,
    nickName: 'Ben',
    portrait: '',
    userType: 'user',
    chatNo: 'ben',
    remark,
    tags: [],
    isBlocked: false,
  });

  it('come from the friend list in the query cache, and a change of it is told', () => {
    const queryClient = createQueryClient();
    const deps = new ChatLifecycle({ queryClient, toast: vi.fn() }).appDeps(AMY);
    let told = 0;
    const off = deps.subscribeRemarks?.(() => (told += 1));
    expect(deps.remarkOf?.(BEN)).toBeUndefined();

    queryClient.setQueryData<Friend[]>(friendListKey, [ben(' Big Ben ')]);
    expect(deps.remarkOf?.(BEN)).toBe('Big Ben');
    expect(told).toBe(1);

    queryClient.setQueryData(myInfoKey, me(AMY));
    expect(told).toBe(1);
    off?.();
    queryClient.setQueryData<Friend[]>(friendListKey, [ben('')]);
    expect(told).toBe(1);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Profiler, type ReactNode } from 'react';
import type { ChatEngine } from './engine';
import { ChatEngineProvider, useChatCommands, useChatList, useChatWindow, useTotalUnread } from './hooks';
import {
  AMY,
  BEN,
  createWorld,
  deliver,
  onlineEngine,
  sendAs,
  startEngine,
  until,
  worlds,
  type World,
} from './testing/harness';

afterEach(() => {
  for (const world of worlds.splice(0)) expect(world.errors).toEqual([]);
});

const wrap =
  (engine: ChatEngine | null) =>
  ({ children }: { children?: ReactNode }) => (
    <ChatEngineProvider engine={engine}>{children}</ChatEngineProvider>
  );

async function setup(): Promise<{ world: World; engine: ChatEngine }> {
  const world = createWorld();
  const engine = await onlineEngine(world);
  return { world, engine };
}

describe('chat hooks', () => {
  it('answer empty states and do nothing without an engine', async () => {
    const { result } = renderHook(
      () => ({
        list: useChatList(),
        window: useChatWindow('1'),
        total: useTotalUnread(),
        commands: useChatCommands(),
      }),
      { wrapper: wrap(null) },
    );
    expect(result.current.list).toEqual({ status: 'none', list: [], syncing: false, answered: false });
    expect(result.current.window.messages).toEqual([]);
    expect(result.current.total).toBe(0);
    await expect(result.current.commands.refresh()).resolves.toBeUndefined();
    await expect(result.current.commands.open({ chatId: '1' })).rejects.toThrow();
  });

  it('show the list and the badge, and follow pushes', async () => {
    const { world, engine } = await setup();
    const { result } = renderHook(() => ({ list: useChatList(), total: useTotalUnread() }), {
      wrapper: wrap(engine),
    });
    expect(result.current.list.status).toBe('ready');
    expect(result.current.list.list.map((e) => e.nickName)).toEqual(['Chen', 'Ben']);
    await sendAs(world, BEN, AMY, 'ping');
    await act(async () => {
      deliver(world, engine);
      await engine.idle();
    });
    expect(result.current.list.list[0]).toMatchObject({ nickName: 'Ben', content: 'ping', num: 1 });
    expect(result.current.total).toBe(1);
  });

  it('draw a page of chats the server answers in one render, not one per chat', async () => {
    const world = createWorld();
    for (let n = 10; n < 22; n += 1) {
      world.server.addUser(String(n), `Friend ${n}`);
      world.server.befriend(AMY, String(n));
      await sendAs(world, String(n), AMY, `hello ${n}`);
    }
    world.device.hold(true);
    const engine = await startEngine(world);
    let renders = 0;
    const { result } = renderHook(() => useChatList(), {
      wrapper: ({ children }) => (
        <Profiler id="list" onRender={() => (renders += 1)}>
          <ChatEngineProvider engine={engine}>{children}</ChatEngineProvider>
        </Profiler>
      ),
    });
    await until(() => world.device.heldCount > 0);
    const before = renders;
    await act(async () => {
      world.device.hold(false);
      await engine.idle();
    });
    expect(result.current.list).toHaveLength(14);
    // The list with its answer, then the refresh's end: not twelve renders.
    expect(renders - before).toBeLessThanOrEqual(2);
  });

  it('read the chat whose window is mounted, and stop when it unmounts', async () => {
    const { world, engine } = await setup();
    const { result, unmount } = renderHook(() => useChatWindow(world.ab), { wrapper: wrap(engine) });
    await waitFor(() => expect(result.current.messages).toHaveLength(1));
    await sendAs(world, BEN, AMY, 'seen at once');
    await act(async () => {
      deliver(world, engine);
      await engine.idle();
    });
    expect(result.current.messages.map((m) => m.content)).toEqual([
      expect.objectContaining({ code: 'nowFriends' }),
      { text: 'seen at once' },
    ]);
    expect(world.server.view(AMY, world.ab).state.unreadCount).toBe(0);

    unmount();
    await sendAs(world, BEN, AMY, 'not seen');
    deliver(world, engine);
    await engine.idle();
    expect(world.server.view(AMY, world.ab).state.unreadCount).toBe(1);
  });

  it('give stable commands that act on the engine', async () => {
    const { world, engine } = await setup();
    const { result, rerender } = renderHook(() => useChatCommands(), { wrapper: wrap(engine) });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    await act(() => result.current.send(world.ab, 'TEXT', { text: 'via hook' }));
    expect(world.server.sentBy(AMY)).toHaveLength(1);
  });
});

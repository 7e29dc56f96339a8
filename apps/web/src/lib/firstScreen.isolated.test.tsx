import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';

/** Fresh copies: the first screen is drawn once per app start, so once per module instance. */
async function freshStart() {
  vi.resetModules();
  const firstScreen = await import('./firstScreen');
  const { lazyPage } = await import('../components/AsyncPage');
  return { ...firstScreen, lazyPage };
}

describe('afterFirstScreen', () => {
  afterEach(() => vi.useRealTimers());

  it('holds start-up work back until a route has drawn its screen, then runs it when idle', async () => {
    vi.useFakeTimers();
    const { afterFirstScreen, lazyPage } = await freshStart();
    const work = vi.fn();
    afterFirstScreen(work);
    let arrive = (_: ComponentType) => {};
    const Page = lazyPage(() => new Promise<ComponentType>((resolve) => (arrive = resolve)), {
      firstPage: true,
    });
    render(<Page />);
    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    expect(work).not.toHaveBeenCalled();

    await act(async () => arrive(() => <h1>Chats</h1>));
    expect(screen.getByRole('heading', { name: 'Chats' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(work).toHaveBeenCalledOnce();
  });

  it("waits for the Message tab's chats, not the skeleton it shows while they are on their way", async () => {
    const { afterFirstScreen, lazyPage } = await freshStart();
    const { ChatListScreen } = await import('../screens/messages/ChatListScreen');
    const { ChatEngineProvider } = await import('../store/chat/hooks');
    const { renderScreen } = await import('../test/render');
    const { BEN, createWorld, sendAs, startEngine, until } = await import('../store/chat/testing/harness');
    const world = createWorld();
    await sendAs(world, BEN, '1', 'Hi from Ben');
    world.device.hold(true);
    const engine = await startEngine(world);
    const work = vi.fn();
    afterFirstScreen(work);
    // As the router has it: the tab's content comes after the screen.
    const Tab = lazyPage(async () => ChatListScreen, { firstPage: true, drawsLater: true });
    renderScreen(
      <ChatEngineProvider engine={engine}>
        <Tab chatWindowUrl="/chat" createGroupUrl="/group" searchUrl="/search" addContactsUrl="/add" />
      </ChatEngineProvider>,
    );
    await until(() => world.device.heldCount > 0);
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeTruthy();
    // Had the skeleton counted, the work would have run by now: a paint, then an idle moment for
    // the first screen and one for the work.
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() =>
        setTimeout(() => requestIdleCallback(() => requestIdleCallback(() => resolve()))),
      ),
    );
    expect(work).not.toHaveBeenCalled();

    world.device.hold(false);
    expect(await screen.findByRole('link', { name: 'Ben' })).toBeTruthy();
    await vi.waitFor(() => expect(work).toHaveBeenCalledOnce());
    await engine.stop();
  });

  it('tells a component once the first screen has drawn (the pull-to-refresh code loads then)', async () => {
    const { firstScreenShown, useAfterFirstScreen } = await freshStart();
    function Pullable() {
      return <p>{useAfterFirstScreen() ? 'pullable' : 'not yet'}</p>;
    }
    render(<Pullable />);
    expect(screen.getByText('not yet')).toBeTruthy();
    firstScreenShown();
    expect(await screen.findByText('pullable')).toBeTruthy();
    // Mounted afterwards, it knows at once.
    render(<Pullable />);
    expect(screen.getAllByText('pullable')).toHaveLength(2);
  });

  it('runs each piece of work in an idle moment of its own, not all in one task', async () => {
    const { afterFirstScreen, firstScreenShown } = await freshStart();
    const ran: string[] = [];
    afterFirstScreen(() => {
      ran.push('first');
      // In one task with the second, this would run after it.
      void Promise.resolve().then(() => ran.push("the first's follow-up"));
    });
    afterFirstScreen(() => ran.push('second'));
    firstScreenShown();
    await vi.waitFor(() => expect(ran).toHaveLength(3));
    expect(ran).toEqual(['first', "the first's follow-up", 'second']);
  });

  it('runs it soon after the screen drew also in a page in the background, which gets no frames', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    try {
      const { afterFirstScreen, firstScreenShown } = await freshStart();
      const work = vi.fn();
      afterFirstScreen(work);
      firstScreenShown();
      await act(async () => vi.advanceTimersByTimeAsync(1_000));
      expect(work).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('runs it at the latest a few seconds after start when no screen says it drew', async () => {
    vi.useFakeTimers();
    const { afterFirstScreen, FIRST_SCREEN_FALLBACK_MS } = await freshStart();
    const work = vi.fn();
    afterFirstScreen(work);
    await act(async () => vi.advanceTimersByTimeAsync(FIRST_SCREEN_FALLBACK_MS - 1));
    expect(work).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(work).toHaveBeenCalledOnce();
  });
});

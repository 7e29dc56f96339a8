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

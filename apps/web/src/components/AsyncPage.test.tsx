import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { goOffline } from '../test/network';
import { ASYNC_PAGE_DELAY_MS, ASYNC_PAGE_TIMEOUT_MS, lazyPage } from './AsyncPage';

function Hello({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

/** A loader the test resolves or rejects by hand. */
function controlledLoader() {
  const calls: { resolve: (c: typeof Hello) => void; reject: (e: Error) => void }[] = [];
  const load = () =>
    new Promise<typeof Hello>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { load, calls };
}

const flush = () => act(async () => undefined);

describe('lazyPage (spec 9: async page load delay 200 ms, timeout 60 s)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows nothing for 200 ms, then a loading state, then the page with its props', async () => {
    vi.useFakeTimers();
    const { load, calls } = controlledLoader();
    const Page = lazyPage(load);
    render(<Page name="Amy" />);
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => vi.advanceTimersByTime(ASYNC_PAGE_DELAY_MS - 1));
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    calls[0]!.resolve(Hello);
    await flush();
    expect(screen.getByRole('heading', { name: 'Hello Amy' })).toBeTruthy();
  });

  it('never shows the loading state for a page that arrives within 200 ms, and renders at once the next time', async () => {
    vi.useFakeTimers();
    const { load, calls } = controlledLoader();
    const Page = lazyPage(load);
    const first = render(<Page name="Amy" />);
    calls[0]!.resolve(Hello);
    await flush();
    await act(async () => vi.advanceTimersByTime(ASYNC_PAGE_DELAY_MS));
    expect(screen.queryByRole('status')).toBeNull();
    first.unmount();
    render(<Page name="Ben" />);
    expect(screen.getByRole('heading', { name: 'Hello Ben' })).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('gives up after 60 s with an error and a retry, which loads again', async () => {
    vi.useFakeTimers();
    const { load, calls } = controlledLoader();
    const Page = lazyPage(load);
    render(<Page name="Amy" />);
    await act(async () => vi.advanceTimersByTime(ASYNC_PAGE_TIMEOUT_MS - 1));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert').textContent).toContain('Please check your network');
    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(Hello);
    await flush();
    expect(screen.getByRole('heading', { name: 'Hello Amy' })).toBeTruthy();
  });

  it('a page that could not load offline loads by itself once the network is back', async () => {
    const network = goOffline();
    const { load, calls } = controlledLoader();
    const Page = lazyPage(load);
    render(<Page name="Amy" />);
    calls[0]!.reject(new Error('Failed to fetch dynamically imported module'));
    expect(await screen.findByRole('alert')).toBeTruthy();

    network.back();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(Hello);
    expect(await screen.findByRole('heading', { name: 'Hello Amy' })).toBeTruthy();
  });

  it('shows the error at once when the page fails to load', async () => {
    const { load, calls } = controlledLoader();
    const Page = lazyPage(load);
    render(<Page name="Amy" />);
    calls[0]!.reject(new Error('chunk missing'));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

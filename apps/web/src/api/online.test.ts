import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver, onlineManager } from '@tanstack/react-query';
import { followBrowserNetwork } from './online';
import { createQueryClient } from './queryClient';

const setOnLine = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

afterEach(() => {
  vi.restoreAllMocks();
  followBrowserNetwork();
});

describe('the network, as the app follows it', () => {
  it('an app opened offline knows it from the start: its loads wait instead of failing', async () => {
    setOnLine(false);
    followBrowserNetwork();
    expect(onlineManager.isOnline()).toBe(false);

    const client = createQueryClient();
    client.mount();
    const load = vi.fn(async () => 'contacts');
    const observer = new QueryObserver(client, { queryKey: ['contacts'], queryFn: load });
    const off = observer.subscribe(() => undefined);
    expect(observer.getCurrentResult()).toMatchObject({ isPaused: true, isError: false });
    expect(load).not.toHaveBeenCalled();

    setOnLine(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('contacts'));
    off();
    client.unmount();
  });

  it('back online, what is on screen loads again, however fresh it looked', async () => {
    followBrowserNetwork();
    const client = createQueryClient();
    client.mount();
    const load = vi.fn(async () => 'feed');
    const observer = new QueryObserver(client, { queryKey: ['feed'], queryFn: load });
    const off = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));

    setOnLine(false);
    window.dispatchEvent(new Event('offline'));
    setOnLine(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    off();
    client.unmount();
  });
});

import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the phone has a network, as the browser tells (`navigator.onLine` and its `online` /
 * `offline` events). The query cache follows the same state: offline, a load waits (paused)
 * instead of failing and the cached data stays; once the network is back, the screens on show
 * load again (queryClient.ts). The app follows the browser from its start, so an app opened
 * offline (the service worker's shell) knows it, rather than the cache's default "online".
 */
export function followBrowserNetwork(target: Window = window): void {
  onlineManager.setEventListener((setOnline) => {
    // A browser that cannot tell (no `onLine`) is taken at its word that it is online.
    const update = () => setOnline(target.navigator.onLine !== false);
    update();
    target.addEventListener('online', update);
    target.addEventListener('offline', update);
    return () => {
      target.removeEventListener('online', update);
      target.removeEventListener('offline', update);
    };
  });
}

const isOnline = () => onlineManager.isOnline();

/** Whether the phone has a network now; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(onlineManager.subscribe, isOnline);
}

/** Calls `back` each time the network returns; answers how to stop. */
export function onNetworkBack(back: () => void): () => void {
  return onlineManager.subscribe((online) => {
    if (online) back();
  });
}

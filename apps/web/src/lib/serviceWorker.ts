/**
 * The page's side of the service worker (src/sw/serviceWorker.ts): register it, and tell the
 * person when a new version has been deployed. A new worker installs in the background and
 * waits; `applyUpdate()` (their tap on Reload) lets it take over, and the page reloads once it
 * controls it, so nobody's screen changes code under them mid-sentence. The first install takes
 * over at once (there is no old version to protect) and reloads nothing.
 */
import { useSyncExternalStore } from 'react';

export const SERVICE_WORKER_URL = '/sw.js';

let waiting: ServiceWorker | null = null;
/** The person tapped Reload: the page reloads when the new version has taken over. */
let asked = false;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null): void {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** Whether a new version waits for the person's word. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
  );
}

/** Let the waiting version take over; the page reloads when it has. */
export function applyUpdate(): void {
  if (!waiting) return;
  asked = true;
  waiting.postMessage('SKIP_WAITING');
}

export async function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
): Promise<void> {
  if (!container) return;
  const registration = await container.register(SERVICE_WORKER_URL);

  const track = (worker: ServiceWorker) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) setWaiting(worker);
    });
  };
  if (registration.waiting && container.controller) setWaiting(registration.waiting);
  if (registration.installing) track(registration.installing);
  registration.addEventListener('updatefound', () => {
    if (registration.installing) track(registration.installing);
  });

  // Only a change asked for here reloads: the first install takes over without one, and a
  // version another tab let in serves this page's next visit.
  container.addEventListener('controllerchange', () => {
    if (!asked) return;
    asked = false;
    window.location.reload();
  });
  // A phone keeps a tab for days: look for a new version whenever the app comes back.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  });
}

/**
 * PaiChat's service worker: the app shell offline, and updates on the person's word.
 *
 * Built on its own by apps/web/build/serviceWorker.ts, which replaces PRECACHE with every file
 * of the build (the shell `/`, every route's chunks, styles, icons) and VERSION with a hash of
 * them. It imports nothing and runs in the worker's scope, whose few types are declared here.
 *
 * - install: the whole build goes into the cache of its version. A new version then waits; the
 *   page offers "Reload" (lib/serviceWorker.ts) and posts SKIP_WAITING when tapped, so nobody's
 *   page changes code under them.
 * - activate: older versions' caches go, and open pages are taken over, so the first visit
 *   already works offline.
 * - fetch: the shell (`/`, `/index.html`) and the build's files come from the cache, whatever
 *   the network does (the files are named by content hash, the shell belongs to its version).
 *   Nothing else is touched: the API, the socket, uploads and the OAuth callbacks always go to
 *   the server, and the chats come from the app's own store (IndexedDB), not from here.
 */
declare const PRECACHE: readonly string[];
declare const VERSION: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  readonly location: Location;
}

const scope = self as unknown as WorkerScope;
const CACHE_PREFIX = 'paichat-shell-';
const CACHE = `${CACHE_PREFIX}${VERSION}`;
const SHELL = '/';
const precached = new Set(PRECACHE);

scope.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => scope.clients.claim()),
  );
});

scope.addEventListener('message', (event) => {
  if (event.data === 'SKIP_WAITING') event.waitUntil(scope.skipWaiting());
});

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin) return;
  const path = url.pathname === '/index.html' ? SHELL : url.pathname;
  const isShell = path === SHELL && request.mode === 'navigate';
  if (!isShell && (path === SHELL || !precached.has(path))) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(path))
      .then((hit) => hit ?? fetch(request)),
  );
});

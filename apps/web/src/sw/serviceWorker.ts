/**
 * PaiChat's service worker: the app shell offline, and updates on the person's word.
 *
 * Built on its own by apps/web/build/serviceWorker.ts, which bundles it with what it imports
 * (notifications.ts) into one classic script and defines PRECACHE as every file of the build
 * (the shell `/`, every route's chunks, styles, icons) and VERSION as a hash of them. It runs in
 * the worker's scope, whose few types are declared here.
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
 * - push: a Web Push wake-up (the server sends one when the person has no socket open) becomes
 *   a notification (notifications.ts). None while a PaiChat window is focused and visible: the
 *   socket shows it.
 * - notificationclick: focuses an open PaiChat window on that chat (or New Friends), or opens one.
 */
import type { WebPushPayload } from '@paichat/protocol';
import {
  inFront,
  notificationOf,
  openFromNotification,
  storedTexts,
  type WindowClient,
} from './notifications';

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
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  readonly registration: {
    showNotification(title: string, options: NotificationOptions & { data: { path: string } }): Promise<void>;
  };
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

scope.addEventListener('push', (event) => {
  const payload = event.data?.json() as WebPushPayload | undefined;
  if (!payload) return;
  event.waitUntil(
    (async () => {
      const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (inFront(windows)) return;
      const { title, body, tag, path } = notificationOf(payload, await storedTexts(caches));
      await scope.registration.showNotification(title, {
        body,
        tag,
        icon: '/icons/icon-192.png',
        data: { path },
      });
    })(),
  );
});

scope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { path } = event.notification.data as { path: string };
  event.waitUntil(openFromNotification(scope.clients, new URL(path, scope.location.origin).href));
});

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
 * - push: a Web Push wake-up (the server sends one when the person has no socket open) becomes
 *   a notification, one per chat (its tag), in the words the page left in Cache Storage
 *   (store/pushNotifications.ts): the sender and a preview when the device allows previews, else
 *   "New message". None while a PaiChat window is focused and visible: the socket shows it.
 * - notificationclick: focuses an open PaiChat window on that chat (or New Friends), or opens one.
 */
declare const PRECACHE: readonly string[];
declare const VERSION: string;
// Types only, as `import()` types: an import statement would make the built worker a module.
type WebPushPayload = import('@paichat/protocol').WebPushPayload;
type NotificationTexts = import('../store/pushNotifications').NotificationTexts;

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
interface WindowClient {
  readonly url: string;
  readonly focused: boolean;
  readonly visibilityState: DocumentVisibilityState;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
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

/** Must match store/pushNotifications.ts, which writes them. */
const TEXTS_CACHE = 'paichat-notification-texts';
const TEXTS_KEY = '/notification-texts.json';
/** Until the page has written the person's language. */
const ENGLISH: NotificationTexts = {
  newMessage: 'New message',
  friendRequest: 'New friend request',
  friendRequestFrom: '{{name}} wants to add you as a friend',
  kinds: {},
};

async function notificationTexts(): Promise<NotificationTexts> {
  const stored = await caches.match(TEXTS_KEY, { cacheName: TEXTS_CACHE });
  return stored ? ((await stored.json()) as NotificationTexts) : ENGLISH;
}

/** What a wake-up shows, and the app route a tap opens (spec 2: hash routes, parameters as query values). */
function notificationOf(payload: WebPushPayload, texts: NotificationTexts) {
  if (payload.type === 'friendRequest') {
    return {
      title: texts.friendRequest,
      body: payload.sender ? texts.friendRequestFrom.replace('{{name}}', payload.sender) : '',
      tag: 'friends',
      path: '/#/wx/search-friends/index',
    };
  }
  const path = `/#/wx/chatWindow/index?chatId=${encodeURIComponent(payload.chatId)}`;
  const tag = `chat${payload.chatId}`;
  if (!payload.sender) return { title: texts.newMessage, body: '', tag, path };
  const content = payload.text ?? texts.kinds[payload.msgType ?? ''] ?? texts.newMessage;
  return payload.group
    ? { title: payload.group, body: `${payload.sender}: ${content}`, tag, path }
    : { title: payload.sender, body: content, tag, path };
}

scope.addEventListener('push', (event) => {
  const payload = event.data?.json() as WebPushPayload | undefined;
  if (!payload) return;
  event.waitUntil(
    (async () => {
      const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (windows.some((w) => w.focused && w.visibilityState === 'visible')) return;
      const { title, body, tag, path } = notificationOf(payload, await notificationTexts());
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
  const url = new URL(path, scope.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === scope.location.origin);
      if (!open) {
        await scope.clients.openWindow(url);
        return;
      }
      await open.focus();
      // Only a window this worker controls can be navigated; another one opens the chat anew.
      if (!(await open.navigate(url).catch(() => null))) await scope.clients.openWindow(url);
    })(),
  );
});

/**
 * The service worker's notifications, apart from its event wiring (serviceWorker.ts) so they
 * can be tested: what a Web Push wake-up shows, in the words the page left in Cache Storage,
 * and which window a tap on it opens.
 */
import type { WebPushPayload } from '@paichat/protocol';

/** The words of the person's language, written by the page (store/pushNotifications.ts). */
export interface NotificationTexts {
  newMessage: string;
  friendRequest: string;
  /** With `{{name}}`. */
  friendRequestFrom: string;
  /** A message type's preview without its text ("[Image]"). */
  kinds: Record<string, string>;
}

export const TEXTS_CACHE = 'paichat-notification-texts';
export const TEXTS_KEY = '/notification-texts.json';

/** Until the page has written the person's language. */
const ENGLISH: NotificationTexts = {
  newMessage: 'New message',
  friendRequest: 'New friend request',
  friendRequestFrom: '{{name}} wants to add you as a friend',
  kinds: {},
};

export async function storedTexts(storage: CacheStorage): Promise<NotificationTexts> {
  const stored = await storage.match(TEXTS_KEY, { cacheName: TEXTS_CACHE });
  return stored ? ((await stored.json()) as NotificationTexts) : ENGLISH;
}

/** The part of the worker's WindowClient used here. */
export interface WindowClient {
  readonly url: string;
  readonly focused: boolean;
  readonly visibilityState: DocumentVisibilityState;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}

/** A PaiChat window the person is looking at: its socket shows the message, no notification. */
export const inFront = (windows: readonly WindowClient[]): boolean =>
  windows.some((w) => w.focused && w.visibilityState === 'visible');

export interface ShownNotification {
  title: string;
  body: string;
  /** One notification per chat: a newer message replaces the older. */
  tag: string;
  /** The app route a tap opens (spec 2: hash routes, parameters as query values). */
  path: string;
}

/**
 * What a wake-up shows. The server sends the sender and the preview only to a device that
 * allowed previews; without them it is "New message".
 */
export function notificationOf(payload: WebPushPayload, texts: NotificationTexts): ShownNotification {
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

/** A tap: an open PaiChat window is brought forward on `url`, else a new one opens there. */
export async function openFromNotification(
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  },
  url: string,
): Promise<void> {
  const { origin } = new URL(url);
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === origin);
  if (!open) {
    await clients.openWindow(url);
    return;
  }
  await open.focus();
  // Only a window this worker controls can be navigated; another one opens the chat anew.
  if (!(await open.navigate(url).catch(() => null))) await clients.openWindow(url);
}

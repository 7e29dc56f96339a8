import { describe, expect, it, vi } from 'vitest';
import type { WebPushPayload } from '@paichat/protocol';
import {
  TEXTS_CACHE,
  TEXTS_KEY,
  inFront,
  notificationOf,
  openFromNotification,
  storedTexts,
  type NotificationTexts,
  type WindowClient,
} from './notifications';

const FRENCH: NotificationTexts = {
  newMessage: 'Nouveau message',
  friendRequest: "Nouvelle demande d'ami",
  friendRequestFrom: '{{name}} souhaite vous ajouter comme ami',
  kinds: { IMAGE: '[Image]', VOICE: '[Vocal]' },
};

/** Cache Storage holding what the page wrote, under the name and key it writes them to. */
function cacheStorage(texts?: NotificationTexts): CacheStorage {
  return {
    match: async (key: string, options?: MultiCacheQueryOptions) =>
      texts && key === TEXTS_KEY && options?.cacheName === TEXTS_CACHE
        ? new Response(JSON.stringify(texts))
        : undefined,
  } as CacheStorage;
}

const shown = async (payload: WebPushPayload, texts?: NotificationTexts) =>
  notificationOf(payload, await storedTexts(cacheStorage(texts)));

describe('what a Web Push wake-up shows', () => {
  it('a device with previews: the sender and the text, a group message under the group', async () => {
    expect(
      await shown({ type: 'message', chatId: 'c1', sender: 'Bob', msgType: 'TEXT', text: 'Salut' }, FRENCH),
    ).toEqual({
      title: 'Bob',
      body: 'Salut',
      tag: 'chatc1',
      path: '/#/wx/chatWindow/index?chatId=c1',
    });
    expect(
      await shown({
        type: 'message',
        chatId: 'g 1',
        sender: 'Bob',
        group: 'Climbing',
        msgType: 'TEXT',
        text: 'Hi',
      }),
    ).toMatchObject({ title: 'Climbing', body: 'Bob: Hi', path: '/#/wx/chatWindow/index?chatId=g%201' });
  });

  it('a picture or a voice message reads as its kind, in the stored language', async () => {
    expect(
      await shown({ type: 'message', chatId: 'c1', sender: 'Bob', msgType: 'VOICE' }, FRENCH),
    ).toMatchObject({
      title: 'Bob',
      body: '[Vocal]',
    });
  });

  it('a device without previews: only "New message", in the stored language, however the payload reads', async () => {
    const noPreview = { type: 'message', chatId: 'c1', text: 'a secret' } as const;
    expect(await shown(noPreview, FRENCH)).toEqual({
      title: 'Nouveau message',
      body: '',
      tag: 'chatc1',
      path: '/#/wx/chatWindow/index?chatId=c1',
    });
    // Before the page has left any words: English.
    expect(await shown({ type: 'message', chatId: 'c1' })).toMatchObject({ title: 'New message', body: '' });
  });

  it('a friend request names who asks, and opens New Friends', async () => {
    expect(await shown({ type: 'friendRequest', sender: 'Alice' }, FRENCH)).toEqual({
      title: "Nouvelle demande d'ami",
      body: 'Alice souhaite vous ajouter comme ami',
      tag: 'friends',
      path: '/#/wx/search-friends/index',
    });
    expect(await shown({ type: 'friendRequest' })).toMatchObject({ title: 'New friend request', body: '' });
  });
});

/** A browser window as the worker's clients API lists it. */
function paichatWindow(url: string, state: Partial<WindowClient> = {}) {
  const client: WindowClient = {
    url,
    focused: false,
    visibilityState: 'hidden',
    focus: vi.fn(async () => client),
    navigate: vi.fn(async () => client),
    ...state,
  };
  return client;
}

function clients(...windows: WindowClient[]) {
  return { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) };
}

const CHAT = 'https://paichat.example/#/wx/chatWindow/index?chatId=c1';

describe('a wake-up while PaiChat is open', () => {
  it('notifies only when no PaiChat window is in front of the person', () => {
    expect(inFront([paichatWindow(CHAT, { focused: true, visibilityState: 'visible' })])).toBe(true);
    expect(inFront([paichatWindow(CHAT, { focused: false, visibilityState: 'visible' })])).toBe(false);
    expect(inFront([paichatWindow(CHAT)])).toBe(false);
    expect(inFront([])).toBe(false);
  });
});

describe('tapping a notification', () => {
  it('brings an open PaiChat window forward on that chat', async () => {
    const other = paichatWindow('https://elsewhere.example/');
    const app = paichatWindow('https://paichat.example/#/wx/tabbar1/index');
    const browser = clients(other, app);
    await openFromNotification(browser, CHAT);
    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).toHaveBeenCalledWith(CHAT);
    expect(other.focus).not.toHaveBeenCalled();
    expect(browser.openWindow).not.toHaveBeenCalled();
  });

  it('opens the chat in a new window when no PaiChat window is open', async () => {
    const browser = clients(paichatWindow('https://elsewhere.example/'));
    await openFromNotification(browser, CHAT);
    expect(browser.openWindow).toHaveBeenCalledWith(CHAT);
  });

  it('opens the chat anew when the open window cannot be navigated (not controlled by the worker)', async () => {
    const app = paichatWindow('https://paichat.example/', {
      navigate: vi.fn(() => Promise.reject(new TypeError('not controlled'))),
    });
    const browser = clients(app);
    await openFromNotification(browser, CHAT);
    expect(app.focus).toHaveBeenCalled();
    expect(browser.openWindow).toHaveBeenCalledWith(CHAT);
  });
});

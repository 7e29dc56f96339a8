/**
 * One chat engine per signed-in user, started and stopped with the session, and fed by the
 * app's socket. `attachChatEngine(socket)` (called once, where the socket is made) is all the
 * wiring: the socket's pushes and status go to the engine, a live session starts the engine
 * for its user, a closed or expired socket (sign-out, session end) stops it.
 *
 * Which user: the one `/my/getInfo` answered (the session loads it before opening the socket),
 * remembered in localStorage so a reload shows the stored chat list at once, before the
 * network answers. When the session ends (sign-out or expiry) `discardChatData` stops the
 * engine and deletes every chat stored on the device, so the next person to use this browser
 * finds none of them.
 */
import { hashKey } from '@tanstack/react-query';
import { getMyInfo, getNotices, type Friend, type UserInfo } from '@paichat/protocol';
import { queryClient } from '../../api/queryClient';
import { friendListKey, remarkLookup } from '../../api/queries/friendList';
import { myInfoKey } from '../../api/queries/myInfo';
import { noticesKey } from '../../api/queries/notices';
import { showToast } from '../../lib/ui';
import { i18n } from '../../i18n';
import { readAuthToken } from '../../lib/authToken';
import type { SocketClient, SocketStatus } from '../../realtime/SocketClient';
import { BadgeTab, useBadges } from '../badges';
import { CALL_RECORD_KEY } from './callEnd';
import { ChatEngine, type ChatEngineDeps } from './engine';
import { deleteChatStores, openChatStorage } from './storage';
import { appTransport } from './transport';

/** localStorage: the user whose chats the engine shows (cleared with the session). */
export const CHAT_USER_KEY = 'chatUserId';

let current: ChatEngine | null = null;
let starting: { userId: string; engine: Promise<ChatEngine> } | null = null;
const listeners = new Set<() => void>();

export const getChatEngine = (): ChatEngine | null => current;

export function subscribeChatEngine(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setCurrent(engine: ChatEngine | null): void {
  current = engine;
  for (const listener of listeners) listener();
}

const storage = {
  get: (key: string): string | null => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key: string, value: string): void => {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Private mode: the list then waits for /my/getInfo after a reload.
    }
  },
  remove: (key: string): void => {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing stored.
    }
  },
};

const isVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** The app's side of the engine: badges, user info, notices, toasts, the call record. */
export function appDeps(userId: string): Omit<ChatEngineDeps, 'storage'> {
  return {
    userId,
    transport: appTransport,
    isVisible,
    setBadge: (value) => useBadges.getState().setBadge(BadgeTab.chats, value),
    profile: () => {
      const info = queryClient.getQueryData<UserInfo>(myInfoKey);
      return info && { nickName: info.nickName, portrait: info.portrait };
    },
    // Spec 4, tab pull refresh: user info and the other tabs' badges, next to the chat list.
    refreshExtras: async () => {
      await Promise.allSettled([
        queryClient.fetchQuery({
          queryKey: myInfoKey,
          queryFn: () => appTransport.call(getMyInfo, {}),
          staleTime: 0,
        }),
        queryClient
          .fetchQuery({
            queryKey: noticesKey,
            queryFn: () => appTransport.call(getNotices, {}),
            staleTime: 0,
          })
          .then((notices) => {
            const { setBadge } = useBadges.getState();
            setBadge(BadgeTab.friendRequests, notices.friendApply.count);
            setBadge(BadgeTab.momentsReplies, notices.topicReply.count);
          }),
      ]);
    },
    callRecords: {
      read: () => storage.get(CALL_RECORD_KEY),
      remove: () => storage.remove(CALL_RECORD_KEY),
    },
    // The friend list is loaded where it is shown (contacts, a group chat, the Message tab with
    // a group on it); the engine reads remarks from that cache and redraws when it changes.
    remarkOf: (friendId) => remarkLookup(queryClient.getQueryData<Friend[]>(friendListKey))(friendId),
    subscribeRemarks: (listener) => {
      const hash = hashKey(friendListKey);
      return queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success' && event.query.queryHash === hash)
          listener();
      });
    },
    toast: (message) => showToast(message),
    subscribeLocale: (listener) => {
      i18n.on('languageChanged', listener);
      return () => i18n.off('languageChanged', listener);
    },
    onError: (error) => {
      if (import.meta.env.DEV) console.warn('[chat]', error);
    },
  };
}

/** Starts the engine for a user (stopping another user's first); the same one if running. */
export function startChatEngine(
  userId: string,
  overrides: Partial<ChatEngineDeps> = {},
): Promise<ChatEngine> {
  if (current && current.userId === userId && current.engineStatus !== 'stopped')
    return Promise.resolve(current);
  if (starting?.userId === userId) return starting.engine;
  const engine = (async () => {
    await stopChatEngine();
    const engine = new ChatEngine({
      ...appDeps(userId),
      storage: await openChatStorage(userId),
      ...overrides,
    });
    setCurrent(engine);
    storage.set(CHAT_USER_KEY, userId);
    await engine.start();
    return engine;
  })();
  const attempt = { userId, engine };
  starting = attempt;
  void engine.finally(() => {
    if (starting === attempt) starting = null;
  });
  return engine;
}

export async function stopChatEngine(): Promise<void> {
  const engine = current;
  if (!engine) return;
  setCurrent(null);
  await engine.stop();
}

/**
 * The session ended: the engine stops (one still starting too) and every chat on the device
 * is deleted, the unsent outbox included, so no one else can read it on this browser.
 */
export async function discardChatData(): Promise<void> {
  storage.remove(CHAT_USER_KEY);
  await starting?.engine.catch(() => undefined);
  await stopChatEngine();
  await deleteChatStores();
}

/** The signed-in user: from user info when loaded, else the one remembered from last time. */
async function sessionUser(): Promise<string | null> {
  const info = queryClient.getQueryData<UserInfo>(myInfoKey);
  if (info) return info.userId;
  const remembered = storage.get(CHAT_USER_KEY);
  if (remembered) return remembered;
  try {
    return (
      await queryClient.fetchQuery({ queryKey: myInfoKey, queryFn: () => appTransport.call(getMyInfo, {}) })
    ).userId;
  } catch {
    return null;
  }
}

const LIVE: ReadonlySet<SocketStatus> = new Set(['connecting', 'open', 'reconnecting']);

/** The parts of the socket client the engine listens to. */
export type ChatSocket = Pick<SocketClient, 'onPush' | 'subscribe' | 'getSnapshot'>;

/**
 * Wires the engine to the app's socket and page; answers a function that undoes it.
 * `overrides` replace the app's dependencies of engines it starts (tests).
 */
export function attachChatEngine(socket: ChatSocket, overrides: Partial<ChatEngineDeps> = {}): () => void {
  const ensure = async (status: SocketStatus) => {
    const userId = await sessionUser();
    if (!userId || !LIVE.has(socket.getSnapshot().status)) return;
    const engine =
      current?.userId === userId
        ? current
        : await startChatEngine(userId, { ...overrides, initialConnection: socket.getSnapshot().status });
    engine.dispatch({ type: 'connection', status });
  };

  const offPush = socket.onPush((push) => current?.dispatch({ type: 'push', push }));
  let last = socket.getSnapshot().status;
  const offStatus = socket.subscribe(() => {
    const { status } = socket.getSnapshot();
    if (status === last) return;
    last = status;
    if (status === 'closed' || status === 'expired') {
      // Sign-out or the session ended: this user's engine stops (the session deletes the chats).
      storage.remove(CHAT_USER_KEY);
      void stopChatEngine();
      return;
    }
    if (current) current.dispatch({ type: 'connection', status });
    // A new session, or user info that now names someone else: the right engine runs.
    if (status === 'open' || !current) void ensure(status);
  });

  const onVisibility = () => current?.dispatch({ type: 'visibility' });
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);

  // A reload with a stored session: the stored chat list shows at once, before the network.
  const remembered = storage.get(CHAT_USER_KEY);
  if (remembered && readAuthToken()) void startChatEngine(remembered, overrides);

  return () => {
    offPush();
    offStatus();
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
  };
}

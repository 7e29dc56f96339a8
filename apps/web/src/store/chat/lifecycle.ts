/**
 * One chat engine per signed-in user, started and stopped with the session, and fed by the
 * app's socket. The bootstrap makes one ChatLifecycle and calls `attach(socket)` once: the
 * socket's pushes and status go to the engine, a live session starts the engine for its user,
 * a closed or expired socket (sign-out, session end) stops it. React reaches it through
 * <ChatLifecycleContext> (hooks.ts).
 *
 * Which user: the one `/my/getInfo` answered (the session loads it before opening the socket),
 * remembered in localStorage so a reload shows the stored chat list at once, before the
 * network answers. When the session ends (sign-out or expiry) `discard` stops the engine and
 * deletes every chat stored on the device, so the next person to use this browser finds none
 * of them.
 */
import { createContext } from 'react';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import {
  CHAT_SESSIONS_PAGE_SIZE,
  getChatSessions,
  getMyInfo,
  getNotices,
  type Friend,
  type UserInfo,
} from '@paichat/protocol';
import { friendListKey, remarkLookup } from '../../api/queries/friendList';
import { myInfoKey } from '../../api/queries/myInfo';
import { noticesKey } from '../../api/queries/notices';
import { i18n } from '../../i18n';
import { readAuthToken } from '../../lib/authToken';
import { lazyModule } from '../../lib/lazyModule';
import type { PushSource } from '../../realtime/pushRouter';
import type { SocketClient, SocketStatus } from '../../realtime/SocketClient';
import { CALL_RECORD_KEY } from './callEnd';
import type { ChatEngine, ChatEngineDeps } from './engine';
import { answeringFirstPage, appTransport, socketFirst, type SessionsPage } from './transport';

/**
 * The engine and the device's chat storage (idb) load after the first page has drawn (the
 * bundle budget): no engine runs before they are here, so nothing waits on them meanwhile.
 */
const engineModule = lazyModule(() => import('./engine'));
const storageModule = lazyModule(() => import('./storage'));

/** localStorage: the user whose chats the engine shows (cleared with the session). */
export const CHAT_USER_KEY = 'chatUserId';

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

const LIVE: ReadonlySet<SocketStatus> = new Set(['connecting', 'open', 'reconnecting']);

/** The parts of the socket client the engine listens to, and sends messages over. */
export type ChatSocket = Pick<SocketClient, 'subscribe' | 'getSnapshot' | 'sendFrame'> &
  Partial<Pick<SocketClient, 'signal'>>;

export interface ChatLifecycleDeps {
  queryClient: QueryClient;
  /** A failed chat command is told here. */
  toast: (message: string) => void;
  /** Replace the app's dependencies of the engines it starts (tests). */
  overrides?: Partial<ChatEngineDeps>;
}

export class ChatLifecycle {
  private current: ChatEngine | null = null;
  private starting: { userId: string; engine: Promise<ChatEngine> } | null = null;
  private readonly listeners = new Set<() => void>();
  private socket: ChatSocket | null = null;
  /** The attached pushes, for what a chat window hears beside the engine (read receipts, typing). */
  pushes: PushSource | null = null;
  /**
   * The chat list's first page, asked for alongside the user's info when a session resumes on
   * a device holding none of its chats: the engine that starts next takes it for its first sync
   * instead of asking once its store is open. That engine syncs again when the socket opens.
   */
  private firstPage: { token: string; answer: Promise<SessionsPage> } | null = null;

  constructor(private readonly deps: ChatLifecycleDeps) {}

  /** The running engine, if any (React reads it through useSyncExternalStore). */
  getEngine = (): ChatEngine | null => this.current;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The app's side of the engine: user info, notices, remarks, toasts, the call record. */
  appDeps(userId: string): Omit<ChatEngineDeps, 'storage'> {
    const { queryClient, toast } = this.deps;
    return {
      userId,
      // Messages go over the socket while it is open, over HTTP otherwise (transport.ts).
      transport: socketFirst(appTransport, () => this.socket),
      isVisible,
      profile: () => {
        const info = queryClient.getQueryData<UserInfo>(myInfoKey);
        return info && { nickName: info.nickName, portrait: info.portrait };
      },
      // Spec 4, tab pull refresh: user info and the other tabs' badges (they read the cached
      // notices), next to the chat list.
      refreshExtras: async () => {
        await Promise.allSettled([
          queryClient.fetchQuery({
            queryKey: myInfoKey,
            queryFn: () => appTransport.call(getMyInfo, {}),
            staleTime: 0,
          }),
          queryClient.fetchQuery({
            queryKey: noticesKey,
            queryFn: () => appTransport.call(getNotices, {}),
            staleTime: 0,
          }),
        ]);
      },
      callRecords: {
        read: () => storage.get(CALL_RECORD_KEY),
        remove: () => storage.remove(CALL_RECORD_KEY),
      },
      // The friend list is loaded where it is shown (contacts, a group chat, the Message tab
      // with a group on it); the engine reads remarks from that cache and redraws when it changes.
      remarkOf: (friendId) => remarkLookup(queryClient.getQueryData<Friend[]>(friendListKey))(friendId),
      subscribeRemarks: (listener) => {
        const hash = hashKey(friendListKey);
        return queryClient.getQueryCache().subscribe((event) => {
          if (event.type === 'updated' && event.action.type === 'success' && event.query.queryHash === hash)
            listener();
        });
      },
      toast,
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
  start(userId: string, extra: Partial<ChatEngineDeps> = {}): Promise<ChatEngine> {
    const { current, starting } = this;
    if (current && current.userId === userId && current.engineStatus !== 'stopped')
      return Promise.resolve(current);
    if (starting?.userId === userId) return starting.engine;
    const engine = (async () => {
      await this.stop();
      const [{ ChatEngine }, { openChatStorage }] = await Promise.all([
        engineModule.load(),
        storageModule.load(),
      ]);
      const deps: ChatEngineDeps = {
        ...this.appDeps(userId),
        storage: await openChatStorage(userId),
        ...this.deps.overrides,
        ...extra,
      };
      const first = this.firstPage;
      this.firstPage = null;
      if (first && first.token === readAuthToken())
        deps.transport = answeringFirstPage(deps.transport, first.answer);
      const engine = new ChatEngine(deps);
      this.setCurrent(engine);
      storage.set(CHAT_USER_KEY, userId);
      await engine.start();
      return engine;
    })();
    const attempt = { userId, engine };
    this.starting = attempt;
    void engine.finally(() => {
      if (this.starting === attempt) this.starting = null;
    });
    return engine;
  }

  async stop(): Promise<void> {
    const engine = this.current;
    if (!engine) return;
    this.setCurrent(null);
    await engine.stop();
  }

  /**
   * The session ended: the engine stops (one still starting too) and every chat on the device
   * is deleted, the unsent outbox included, so no one else can read it on this browser.
   */
  async discard(): Promise<void> {
    storage.remove(CHAT_USER_KEY);
    this.firstPage = null;
    await this.starting?.engine.catch(() => undefined);
    await this.stop();
    await (await storageModule.load()).deleteChatStores();
  }

  /**
   * Settings → Clear cache: deletes every chat stored on this browser (the unsent outbox too)
   * and starts the signed-in user's engine afresh, which loads the chats and their messages
   * back from the server.
   */
  async clearCache(): Promise<void> {
    const userId = this.current?.userId ?? (await this.sessionUser());
    await this.discard();
    const status = this.socket?.getSnapshot().status;
    if (!userId || !status || !LIVE.has(status)) return;
    const engine = await this.start(userId, { initialConnection: status });
    engine.dispatch({ type: 'connection', status });
  }

  /**
   * Wires the engine to the app's socket (its status), its pushes and the page; answers a
   * function that undoes it.
   */
  attach(socket: ChatSocket, pushes: PushSource): () => void {
    this.socket = socket;
    this.pushes = pushes;
    const ensure = async (status: SocketStatus) => {
      const userId = await this.sessionUser();
      if (!userId || !LIVE.has(socket.getSnapshot().status)) return;
      const engine =
        this.current?.userId === userId
          ? this.current
          : await this.start(userId, { initialConnection: socket.getSnapshot().status });
      engine.dispatch({ type: 'connection', status });
    };

    // The engine's code and its store's load once there is a session to run them for: at once
    // when one resumes (alongside the user's info, not after it), never for a visitor who does
    // not sign in. Pushes before the engine's code is here have no engine to go to anyway.
    let offPush: (() => void) | null = null;
    let attached = true;
    let loading = false;
    const loadEngine = () => {
      if (loading) return;
      loading = true;
      storageModule.load().catch(() => undefined);
      engineModule.load().then(
        ({ listenToChatPushes }) => {
          if (attached) offPush = listenToChatPushes(pushes, (event) => this.current?.dispatch(event));
        },
        () => (loading = false),
      );
    };
    if (readAuthToken()) loadEngine();
    let last = socket.getSnapshot().status;
    const offStatus = socket.subscribe(() => {
      const { status } = socket.getSnapshot();
      if (status === last) return;
      last = status;
      if (LIVE.has(status)) loadEngine();
      if (status === 'closed' || status === 'expired') {
        // Sign-out or the session ended: this user's engine stops (the session deletes the chats).
        storage.remove(CHAT_USER_KEY);
        void this.stop();
        return;
      }
      this.current?.dispatch({ type: 'connection', status });
      // A new session, or user info that now names someone else: the right engine runs.
      if (status === 'open' || !this.current) void ensure(status);
    });

    const onVisibility = () => this.current?.dispatch({ type: 'visibility' });
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);

    // A reload with a stored session: the stored chat list shows at once, before the network.
    // None stored here: the list's first page is asked for now, with the user's info.
    const remembered = storage.get(CHAT_USER_KEY);
    const token = readAuthToken();
    if (remembered && token) void this.start(remembered);
    else if (token) {
      const transport = this.deps.overrides?.transport ?? appTransport;
      const answer = transport.call(getChatSessions, { pageNum: 1, pageSize: CHAT_SESSIONS_PAGE_SIZE });
      answer.catch(() => undefined);
      this.firstPage = { token, answer };
    }

    return () => {
      attached = false;
      offPush?.();
      offStatus();
      this.socket = null;
      this.pushes = null;
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
    };
  }

  /** Tells the other member of a one-to-one chat that the user is typing, when the socket is open. */
  typing(chatId: string): void {
    this.socket?.signal?.({ type: 'typing', chatId });
  }

  private setCurrent(engine: ChatEngine | null): void {
    this.current = engine;
    for (const listener of this.listeners) listener();
  }

  /** The signed-in user: from user info when loaded, else the one remembered from last time. */
  private async sessionUser(): Promise<string | null> {
    const { queryClient } = this.deps;
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
}

/** The app's chat lifecycle, for the hooks (hooks.ts). */
export const ChatLifecycleContext = createContext<ChatLifecycle | null>(null);

/**
 * React's view of the chat engine. Screens read through these hooks and act through
 * `useChatCommands()`; they never fetch chats or messages themselves.
 *
 * The engine is the signed-in user's (lifecycle.ts, given by <ChatLifecycleContext>); a test or a story can hand its own
 * through <ChatEngineProvider engine={…}>. With no engine (signed out, still starting) the
 * hooks answer empty states and the commands do nothing.
 */
import {
  createContext,
  createElement,
  use,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { BadgeValue } from '../../lib/badge';
import type { ChatEngine, ChatEngineSnapshot } from './engine';
import { ChatLifecycleContext } from './lifecycle';
import type { ChatCommands, ChatListState, ChatWindowState } from './types';

const ChatEngineContext = createContext<ChatEngine | null | undefined>(undefined);

/** Overrides the app's engine for what it wraps (tests, stories). */
export function ChatEngineProvider({
  engine,
  children,
}: {
  engine: ChatEngine | null;
  children?: ReactNode;
}) {
  return createElement(ChatEngineContext, { value: engine }, children);
}

const noop = () => () => undefined;
const NO_LIST: ChatListState = Object.freeze({ status: 'none', list: [], syncing: false, answered: false });
const NO_WINDOW: ChatWindowState = Object.freeze({ messages: [], hasOlder: false, loadingOlder: false });

const noEngine = () => null;

/** The engine in use: the provided one, else the signed-in user's (from the app's lifecycle). */
export function useChatEngine(): ChatEngine | null {
  const provided = use(ChatEngineContext);
  const lifecycle = use(ChatLifecycleContext);
  const app = useSyncExternalStore(
    lifecycle ? lifecycle.subscribe : noop,
    lifecycle ? lifecycle.getEngine : noEngine,
    lifecycle ? lifecycle.getEngine : noEngine,
  );
  return provided === undefined ? app : provided;
}

function useSnapshot(engine: ChatEngine | null): ChatEngineSnapshot | null {
  return useSyncExternalStore(
    engine ? engine.subscribe : noop,
    engine ? engine.getSnapshot : () => null,
    engine ? engine.getSnapshot : () => null,
  );
}

const listStates = new WeakMap<ChatEngineSnapshot, ChatListState>();

/** The chat list (pinned first, then newest), its status and whether a refresh is running. */
export function useChatList(): ChatListState {
  const snapshot = useSnapshot(useChatEngine());
  if (!snapshot) return NO_LIST;
  let state = listStates.get(snapshot);
  if (!state) {
    const { status, list, syncing, answered } = snapshot;
    state = { status, list, syncing, answered };
    listStates.set(snapshot, state);
  }
  return state;
}

/** Tab 0's badge: unread messages of unmuted chats, a dot when only muted chats have some. */
export function useTotalUnread(): BadgeValue {
  return useSnapshot(useChatEngine())?.total ?? 0;
}

/**
 * One chat's messages (oldest first) while its window is on screen. Mounting it loads the
 * chat's history (at least a page), and while mounted on a visible page the chat is read as
 * messages arrive. Pass undefined until the chatId is known (`open()` resolves it).
 */
export function useChatWindow(chatId: string | undefined): ChatWindowState {
  const engine = useChatEngine();
  useEffect(() => {
    if (!engine || !chatId) return undefined;
    return engine.enter(chatId);
  }, [engine, chatId]);
  const get = () => (engine && chatId ? engine.getWindow(chatId) : NO_WINDOW);
  return useSyncExternalStore(engine ? engine.subscribe : noop, get, get);
}

/**
 * The chatId a reference names when the chat is on the device, without asking the server (a
 * window shows what the device holds at once); undefined otherwise, then `open()` resolves it.
 */
export function useKnownChatId(ref: { chatId?: string; userId?: string }): string | undefined {
  const engine = useChatEngine();
  const { chatId, userId } = ref;
  const get = () => engine?.knownChatId({ chatId, userId });
  return useSyncExternalStore(engine ? engine.subscribe : noop, get, get);
}

/** What a person can do with chats. Stable across renders while the engine stays the same. */
export function useChatCommands(): ChatCommands {
  const engine = useChatEngine();
  return useMemo<ChatCommands>(() => {
    const none = () => Promise.resolve();
    if (!engine) {
      return {
        open: () => Promise.reject(new Error('not signed in')),
        loadOlder: none,
        readPage: () => Promise.reject(new Error('not signed in')),
        send: () => Promise.reject(new Error('not signed in')),
        retry: none,
        recall: () => Promise.reject(new Error('not signed in')),
        reEdit: () => undefined,
        react: () => Promise.reject(new Error('not signed in')),
        whoReacted: () => Promise.reject(new Error('not signed in')),
        deleteForMe: () => Promise.reject(new Error('not signed in')),
        markRead: none,
        setTop: none,
        setDisturb: none,
        remove: none,
        clear: none,
        refresh: none,
      };
    }
    return {
      open: (ref) => engine.open(ref),
      loadOlder: (chatId) => engine.loadOlder(chatId),
      readPage: (chatId, at) => engine.readPage(chatId, at),
      send: (chatId, msgType, content) => engine.send(chatId, msgType, content),
      retry: (chatId, localId) => engine.retry(chatId, localId),
      recall: (chatId, message) => engine.recall(chatId, message),
      reEdit: (msgId) => engine.reEdit(msgId),
      react: (chatId, message, emoji) => engine.react(chatId, message, emoji),
      whoReacted: (chatId, msgId) => engine.whoReacted(chatId, msgId),
      deleteForMe: (chatId, msgIds) => engine.deleteForMe(chatId, msgIds),
      markRead: (chatId) => engine.markRead(chatId),
      setTop: (chatId, top) => engine.setTop(chatId, top),
      setDisturb: (chatId, muted) => engine.setDisturb(chatId, muted),
      remove: (chatId) => engine.remove(chatId),
      clear: (chatId) => engine.clear(chatId),
      refresh: () => engine.refresh(),
    };
  }, [engine]);
}

/**
 * Settings → Clear cache: deletes the chats stored on this browser and loads them back from the
 * server (nothing to do where no lifecycle runs).
 */
export function useClearChatCache(): () => Promise<void> {
  const lifecycle = use(ChatLifecycleContext);
  return () => lifecycle?.clearCache() ?? Promise.resolve();
}

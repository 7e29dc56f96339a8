/** One chat as the engine holds it in memory: what the device stores, and what is under way. */
import { SingleFlight } from './singleFlight';
import type { StoredChat } from './storage';
import type { ChatListEntry, ChatWindowState, LocalMessage } from './types';

/** The work a chat can have under way, each kind one run at a time. */
export type ChatWork = 'sync' | 'read' | 'older';

export interface Runtime {
  meta: StoredChat;
  /**
   * null until read from the device (only chats in use are, from their newest page); `loading`
   * is that first read.
   */
  rows: LocalMessage[] | null;
  loading: Promise<void> | null;
  /**
   * Rows stored on the device and placed before this key (orderKey) may not be in `rows` yet:
   * they are read a page at a time as the chat is scrolled up. null: every stored row is.
   */
  storedBelow: number | null;
  /** The views React holds, rebuilt after a change. */
  entry: ChatListEntry | null;
  window: ChatWindowState | null;
  /**
   * Bumped by every change of settings (pin, mute, removed) made or told here, so a session
   * refresh that left before it does not undo it with older values.
   */
  stamp: number;
  work: Partial<Record<ChatWork, SingleFlight>>;
}

export function newRuntime(meta: StoredChat): Runtime {
  return {
    meta,
    rows: null,
    loading: null,
    storedBelow: null,
    entry: null,
    window: null,
    stamp: 0,
    work: {},
  };
}

/** The chat's runner of one kind of work (made on first use). */
export function workOf(
  rt: Runtime,
  kind: ChatWork,
  run: () => Promise<void>,
  mayRunAgain: () => boolean,
): SingleFlight {
  return (rt.work[kind] ??= new SingleFlight(run, mayRunAgain));
}

/** Whether that work is running now. */
export const isWorking = (rt: Runtime, kind: ChatWork): boolean => rt.work[kind]?.busy ?? false;

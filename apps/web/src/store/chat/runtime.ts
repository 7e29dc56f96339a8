/** One chat as the engine holds it in memory: what the device stores, and what is under way. */
import type { StoredChat } from './storage';
import type { ChatListEntry, ChatWindowState, LocalMessage } from './types';

export interface Runtime {
  meta: StoredChat;
  /** null until read from the device (only chats in use are). */
  rows: LocalMessage[] | null;
  loading: Promise<void> | null;
  entry: ChatListEntry | null;
  window: ChatWindowState | null;
  older: Promise<void> | null;
  /**
   * Bumped by every change of settings (pin, mute, removed) made or told here, so a session
   * refresh that left before it does not undo it with older values.
   */
  stamp: number;
  sync: Promise<void> | null;
  syncAgain: boolean;
  reading: boolean;
}

export function newRuntime(meta: StoredChat): Runtime {
  return {
    meta,
    rows: null,
    loading: null,
    entry: null,
    window: null,
    older: null,
    stamp: 0,
    sync: null,
    syncAgain: false,
    reading: false,
  };
}

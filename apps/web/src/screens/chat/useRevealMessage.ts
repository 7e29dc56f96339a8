import { useEffect, useRef } from 'react';
import type { ChatCommands, ChatWindowState } from '../../store/chat/types';

/** Older pages loaded, at most, to reach a message opened from a search (20 messages a page). */
const MAX_PAGES = 100;

/**
 * A chat opened at one of its messages (`msgId` and `seq` from a search): older pages are
 * loaded, one after another, until the message is held (the history stays one range from the
 * newest down, as the engine keeps it). Answers the message's id once it is in the list, for the
 * list to scroll to; undefined before, or when it cannot be reached (cleared meanwhile).
 */
export function useRevealMessage(
  chatId: string,
  state: Pick<ChatWindowState, 'messages' | 'hasOlder' | 'loadingOlder'>,
  loadOlder: ChatCommands['loadOlder'],
  target: { msgId: string; seq: number } | null,
): string | undefined {
  const held = target ? state.messages.some((m) => m.id === target.msgId) : false;
  const oldest = state.messages.find((m) => m.seq !== undefined)?.seq;
  const pages = useRef(0);
  const needsOlder =
    target !== null &&
    chatId !== '' &&
    !held &&
    state.hasOlder &&
    !state.loadingOlder &&
    (oldest === undefined || oldest > target.seq);
  useEffect(() => {
    if (!needsOlder || pages.current >= MAX_PAGES) return;
    pages.current += 1;
    void loadOlder(chatId).catch(() => undefined);
  }, [needsOlder, chatId, loadOlder, oldest]);
  return held ? target?.msgId : undefined;
}

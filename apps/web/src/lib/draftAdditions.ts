import { loadDraft, saveDraft } from './drafts';

type DraftListener = (text: string) => void;
const listeners = new Map<string, Set<DraftListener>>();

/**
 * Adds words to a chat's draft from elsewhere in the chat (a recalled text's "Re-edit"): the
 * draft keeps them, and the chat's open input box shows them (`onDraftAdded`).
 */
export function addToDraft(chatKey: string, text: string): void {
  const next = loadDraft(chatKey) + text;
  saveDraft(chatKey, next);
  for (const listener of listeners.get(chatKey) ?? []) listener(next);
}

/** Calls `listener` with the whole draft whenever words are added to it; answers the unsubscribe. */
export function onDraftAdded(chatKey: string, listener: DraftListener): () => void {
  const set = listeners.get(chatKey) ?? new Set<DraftListener>();
  set.add(listener);
  listeners.set(chatKey, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(chatKey);
  };
}

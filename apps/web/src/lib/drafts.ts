/**
 * What someone was typing in a chat, kept per chat in sessionStorage: it survives leaving the
 * chat, a reload and a crash of the page, and stays on this tab (a draft is not synced).
 */
const PREFIX = 'chatDraft:';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function loadDraft(chatKey: string): string {
  try {
    return storage()?.getItem(PREFIX + chatKey) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(chatKey: string, text: string): void {
  try {
    if (text) storage()?.setItem(PREFIX + chatKey, text);
    else storage()?.removeItem(PREFIX + chatKey);
  } catch {
    // A full or blocked storage: the draft lives on in the input while the chat is open.
  }
}

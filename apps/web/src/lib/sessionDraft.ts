/**
 * A form being written (a post, a feedback), kept in sessionStorage as it changes: leaving the
 * page, a reload or a failed send loses nothing, and it stays on this tab (the session's end
 * clears it). An empty draft is removed rather than stored.
 */
export function loadSessionDraft<T extends object>(key: string, empty: T): T {
  try {
    const saved = globalThis.sessionStorage?.getItem(key);
    return saved ? { ...empty, ...(JSON.parse(saved) as Partial<T>) } : empty;
  } catch {
    return empty;
  }
}

export function saveSessionDraft<T extends object>(key: string, draft: T, isEmpty: boolean): void {
  try {
    if (isEmpty) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, JSON.stringify(draft));
  } catch {
    // A full or blocked storage: the draft lives on while the page is open.
  }
}

/**
 * Unread rules. Unread is server state: `lastSeq − readSeq` per member (protocol chats.ts), so
 * several devices and reloads agree; the client only moves the same two numbers forward the
 * way the server does:
 * - a message raises lastSeq; counting by seq (not +1 per push) means a repeated push never
 *   counts twice and a skipped one is still counted;
 * - an own message, or a system notice, moves readSeq up to it (the server does the same:
 *   sending reads the chat, notices never count), so own messages never count;
 * - a message arriving in the chat that is open on a visible page is read at once.
 * Both numbers only grow, so merging an older answer with a newer push takes the maximum.
 */
import type { BadgeValue } from '../../lib/badge';
import type { ChatListEntry } from './types';

export function unreadOf(lastSeq: number, readSeq: number): number {
  return Math.max(0, lastSeq - readSeq);
}

/** The entry's `num`: the count, or 'dot' when the chat is muted (spec 3). */
export function entryNum(unread: number, disturb: 'Y' | 'N'): number | 'dot' {
  if (unread <= 0) return 0;
  return disturb === 'Y' ? 'dot' : unread;
}

export interface IncomingFacts {
  seq: number;
  own: boolean;
  notice: boolean;
  /** The chat is open and the page visible. */
  open: boolean;
}

/** readSeq after a message arrives. */
export function readSeqAfter(readSeq: number, m: IncomingFacts): number {
  return m.own || m.notice || m.open ? Math.max(readSeq, m.seq) : readSeq;
}

/**
 * Tab 0's badge (spec 4: "tab 0 unread chats"). The choice: the total of unread messages of the
 * unmuted chats, the way the chat list counts them, so the tab and the list never disagree;
 * when only muted chats have unread messages, a dot; 0 (no badge) otherwise.
 */
export function totalBadge(
  entries: readonly Pick<ChatListEntry, 'lastSeq' | 'readSeq' | 'disturb' | 'mentioned'>[],
): BadgeValue {
  let total = 0;
  let muted = false;
  for (const e of entries) {
    const unread = unreadOf(e.lastSeq, e.readSeq);
    if (unread <= 0) continue;
    // A muted chat that mentions the user counts as an unmuted one (mentions.ts).
    if (e.disturb === 'Y' && !e.mentioned) muted = true;
    else total += unread;
  }
  if (total > 0) return total;
  return muted ? 'dot' : 0;
}

/** Chat-list order: pinned first, then the newest; ties by chatId so the order is stable. */
export function compareEntries(a: ChatListEntry, b: ChatListEntry): number {
  if (a.top !== b.top) return a.top === 'Y' ? -1 : 1;
  if (a.time !== b.time) return b.time - a.time;
  return a.chatId < b.chatId ? -1 : a.chatId > b.chatId ? 1 : 0;
}

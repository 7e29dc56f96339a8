/**
 * Pages of a chat away from what the engine holds: a message opened from a search can be
 * thousands of messages up, further than the held range should grow to reach it. Such a page is
 * read and shown beside the held range, not merged into it (the engine keeps one unbroken
 * range from the newest down): `/chat/syncMessages` reads from any seq on, so a page around the
 * message, and the newer ones after it, are messages after a seq; the older ones come from
 * `/chat/getChatMessages` before the oldest shown. Once the pages reach the held range, the
 * window shows both as one list (`joinJump`).
 */
import { CHAT_MESSAGES_PAGE_SIZE, getChatMessages, syncMessages } from '@paichat/protocol';
import { fromServer, isCallStart } from './messages';
import type { StoredChat } from './storage';
import type { ChatTransport } from './transport';
import type { LocalMessage } from './types';

/** Where a page is read: around a seq (the message in the middle), after a seq, before a msgId. */
export type PageAt = { around: number } | { after: number } | { before: string };

export interface JumpPage {
  /** Oldest first; call-start records left out. */
  rows: LocalMessage[];
  /** Older messages may be visible before the page … */
  hasOlder: boolean;
  /** … and newer ones after it. */
  hasNewer: boolean;
}

/** Messages shown above the one opened, when a page is read around it. */
const ABOVE = Math.floor(CHAT_MESSAGES_PAGE_SIZE / 2);

export async function readPage(
  transport: ChatTransport,
  chat: Pick<StoredChat, 'chatId' | 'chatType'>,
  at: PageAt,
): Promise<JumpPage> {
  if ('before' in at) {
    const answer = await transport.call(getChatMessages, {
      chatId: chat.chatId,
      chatType: chat.chatType,
      pageNum: 1,
      pageSize: CHAT_MESSAGES_PAGE_SIZE,
      lastMsgId: at.before,
    });
    return { rows: shown(answer.list.map(fromServer)), hasOlder: answer.hasMore, hasNewer: true };
  }
  const afterSeq = 'around' in at ? Math.max(0, at.around - ABOVE - 1) : at.after;
  const answer = await transport.call(syncMessages, {
    chatId: chat.chatId,
    afterSeq,
    limit: CHAT_MESSAGES_PAGE_SIZE,
  });
  const rows = answer.list.map(fromServer);
  // Around a seq: older ones may be there unless the page starts at the first message.
  const hasOlder = 'around' in at ? (rows[0]?.seq ?? 1) > 1 : true;
  return { rows: shown(rows), hasOlder, hasNewer: answer.hasMore };
}

const shown = (rows: LocalMessage[]) => rows.filter((row) => !isCallStart(row.msgType));

/** The pages read so far, one unbroken run of the chat's messages. */
export interface Jump extends JumpPage {
  loadingOlder: boolean;
  loadingNewer: boolean;
}

/** A page added to a jump: older pages go in front, newer ones after. */
export function extendJump(jump: Jump, page: JumpPage, side: 'older' | 'newer'): Jump {
  const ids = new Set(jump.rows.map((row) => row.id));
  const added = page.rows.filter((row) => !ids.has(row.id));
  return side === 'older'
    ? { ...jump, rows: [...added, ...jump.rows], hasOlder: page.hasOlder, loadingOlder: false }
    : { ...jump, rows: [...jump.rows, ...added], hasNewer: page.hasNewer, loadingNewer: false };
}

/**
 * What the window shows while a jump is open: its pages until they reach the messages the
 * engine holds (`held`, the window's rows), then both as one list, newest last.
 */
export function joinJump(
  held: readonly LocalMessage[],
  jump: Jump,
): { messages: LocalMessage[]; hasNewer: boolean } {
  const oldestHeld = held.find((row) => row.seq !== undefined)?.seq;
  const newest = jump.rows.at(-1)?.seq ?? 0;
  const met = oldestHeld !== undefined ? newest >= oldestHeld - 1 : !jump.hasNewer;
  if (!met) return { messages: jump.rows, hasNewer: true };
  const below = oldestHeld === undefined ? jump.rows : jump.rows.filter((row) => (row.seq ?? 0) < oldestHeld);
  return { messages: [...below, ...held], hasNewer: false };
}

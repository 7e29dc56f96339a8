import { z } from 'zod';
import { YesNo } from './chats';
import { ChatTypeSchema, IdString } from './messages';
import { endpoint } from './endpoint';
import { text } from './text';

/**
 * Search (spec 2 `wx/search/index`): contacts and groups are found on the device from what it
 * holds; messages are found here, across all the caller's chats, over what they may still read
 * (not cleared, nothing after they left a group). A keyword matches whole words and the start
 * of words ("din" finds "dinner"), and any run of Chinese, Japanese or Korean characters ("饭"
 * and "晚饭" find 今晚吃晚饭); every word of the keyword must be in the message. Thai and other
 * languages written without spaces are split into words by a dictionary. Texts, places and
 * contact cards are searchable.
 */

/** A keyword is at most this many characters. */
export const SEARCH_KEYWORD_MAX = 64;
export const SEARCH_PAGE_SIZE = 20;

export const MessageHit = z.object({
  chatId: z.string(),
  chatType: ChatTypeSchema,
  /** SINGLE: the friend's user id ('' for a group). */
  peerId: z.string(),
  /** The chat as the searcher names it: the friend's remark or name, or the group's name. */
  chatName: z.string(),
  chatPortrait: z.string(),
  msgId: z.string(),
  seq: z.number(),
  msgType: z.string(),
  /** Whether the searcher sent it. */
  isSelf: YesNo,
  fromNickName: z.string(),
  /** The words that matched: a text, a place's name and address, a card's name. */
  text: z.string(),
  /** Where the keyword is in `text`: [start, end) offsets in UTF-16 code units, in order. */
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  createTime: z.number(),
});
export type MessageHit = z.infer<typeof MessageHit>;

export const MessageHitPage = z.object({
  list: z.array(MessageHit),
  /** Pass as `before` for the next (older) page; null on the last one. */
  next: z.string().nullable(),
});
export type MessageHitPage = z.infer<typeof MessageHitPage>;

export const searchMessages = endpoint({
  method: 'POST',
  path: '/search/messages',
  request: z.object({
    keyword: text(SEARCH_KEYWORD_MAX, { trim: true }),
    /** A msgId: only messages older than it (the previous page's `next`). */
    before: IdString('before').optional(),
    pageSize: z.number().int().min(1).max(50).default(SEARCH_PAGE_SIZE),
  }),
  response: MessageHitPage,
  auth: true,
  summary: 'Messages of all my chats containing a keyword, newest first',
});

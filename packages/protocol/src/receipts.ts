import { z } from 'zod';
import { ChatId } from './chats';
import { endpoint, Empty } from './endpoint';
import { INT32_MAX } from './limits';
import { IdString } from './messages';

/**
 * Read receipts and typing: what the other side knows of you, derived from what the server
 * keeps anyway (each member's `readSeq`), never stored per message.
 *
 * - One-to-one: `/chat/peerRead` answers how far the other person has read; while the chat is
 *   open, a `PEER_READ` notice brings each new position to every device of the pair's other
 *   member. Your messages up to it are "Read", later ones "Unread".
 * - Groups: `/chat/readCounts` answers "{n} read" for your own messages, `/chat/readers` who has
 *   and who has not read one of them (the members at its seq: not those who joined later or had
 *   left before), in groups of any size the server allows (GROUP_MEMBERS_MAX, 500). When members read past your messages a `GROUP_READS` notice (at most one a
 *   second per chat and sender on each server node) says to ask again.
 * - "Send read receipts" (`/my/setReadReceipts`, on by default, one setting for all devices):
 *   off, the person's read position is shown to no one (their own unread counts and Web Push
 *   still follow it), they are shown no one's, and typing is off both ways. In a group's counts
 *   and lists such a member is left out altogether, read or not: counting them as "not read"
 *   would show when they read by the change they did not make.
 * - Typing (socket frame `{"type":"typing","chatId"}`, socket-frames.ts): one-to-one only,
 *   between friends neither of whom blocked the other, both with read receipts on; forwarded
 *   as a `TYPING` notice to the other member's open sockets only, never stored.
 */

/** A client sends at most one typing frame this often while its person types. */
export const TYPING_SIGNAL_INTERVAL_MS = 3_000;
/** "typing…" goes away this long after the last signal (or at once when their message comes). */
export const TYPING_SHOWN_MS = 6_000;
/**
 * The server forwards at most one signal per person and chat this often. A little under the
 * client's interval: a signal that arrives early by network jitter is not lost.
 */
export const TYPING_FORWARD_INTERVAL_MS = 2_500;
/** `/chat/readCounts` answers at most this many seqs at once. */
export const READ_COUNTS_MAX_SEQS = 200;

const Seq = z.number().int().min(1).max(INT32_MAX);

export const ReadReceiptsSetting = z.object({ readReceipts: z.boolean() });
export type ReadReceiptsSetting = z.infer<typeof ReadReceiptsSetting>;

export const getReadReceipts = endpoint({
  method: 'GET',
  path: '/my/getReadReceipts',
  request: Empty,
  response: ReadReceiptsSetting,
  auth: true,
  summary: 'Whether the signed-in user sends (and sees) read receipts and typing',
});

export const setReadReceipts = endpoint({
  method: 'POST',
  path: '/my/setReadReceipts',
  request: ReadReceiptsSetting,
  response: ReadReceiptsSetting,
  auth: true,
  summary: 'Turn read receipts and typing on or off, for every device of the user',
});

export const PeerRead = z.object({
  chatId: z.string(),
  /** How far the other person has read; null when either of the two turned receipts off. */
  readSeq: z.number().int().nullable(),
});
export type PeerRead = z.infer<typeof PeerRead>;

export const getPeerRead = endpoint({
  method: 'POST',
  path: '/chat/peerRead',
  request: z.object({ chatId: ChatId }),
  response: PeerRead,
  auth: true,
  summary: 'One-to-one: how far the other person has read (null when receipts are off)',
});

export const ReadCounts = z.object({
  chatId: z.string(),
  /** One entry per asked seq that holds the viewer's own message (none when receipts are off). */
  counts: z.array(z.object({ seq: z.number().int(), count: z.number().int().nonnegative() })),
});
export type ReadCounts = z.infer<typeof ReadCounts>;

export const getReadCounts = endpoint({
  method: 'POST',
  path: '/chat/readCounts',
  request: z.object({ chatId: ChatId, seqs: z.array(Seq).min(1).max(READ_COUNTS_MAX_SEQS) }),
  response: ReadCounts,
  auth: true,
  summary: "Group: how many members have read each of the viewer's own messages",
});

export const Reader = z.object({ userId: z.string(), nickName: z.string(), portrait: z.string() });
export type Reader = z.infer<typeof Reader>;

export const Readers = z.object({
  chatId: z.string(),
  msgId: z.string(),
  read: z.array(Reader),
  unread: z.array(Reader),
});
export type Readers = z.infer<typeof Readers>;

export const getReaders = endpoint({
  method: 'POST',
  path: '/chat/readers',
  request: z.object({ chatId: ChatId, msgId: IdString('msgId') }),
  response: Readers,
  auth: true,
  summary: "Group: who has and who has not read one of the viewer's own messages",
});

/** msgContent of PEER_READ: the other person of a one-to-one chat read up to `readSeq`. */
export const PeerReadNotice = z.object({ chatId: z.string(), readSeq: z.number().int() });
/** msgContent of GROUP_READS: members read past the viewer's messages in this group: ask again. */
export const GroupReadsNotice = z.object({ chatId: z.string() });
/** msgContent of TYPING: the other person of this one-to-one chat is typing. */
export const TypingNotice = z.object({ chatId: z.string(), userId: z.string() });

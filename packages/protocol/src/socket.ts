import { z } from 'zod';
import { endpoint, Empty } from './endpoint';
import { ChatTypeSchema, ServerMessage } from './messages';

/**
 * The realtime channel.
 *
 * 1. Ticket: `POST /auth/socketTicket` (signed in, over HTTPS like every request) answers a
 *    random ticket that opens one socket within 30 s. The session token never travels in a
 *    URL, where proxies and access logs keep it; a ticket in a log is useless a moment later.
 *    A client fetches a fresh ticket before every connect and reconnect.
 * 2. Connect: `GET /ws?Authorization=<ticket>`. A browser page must come from the app's own
 *    origin or one the server allows (ALLOWED_ORIGINS); another is refused with HTTP 403
 *    before the upgrade. An unknown, used or expired ticket, or one whose session has ended,
 *    is closed with 4001.
 * 3. Ready: once the server has registered the socket (every push from then on reaches it),
 *    it sends the NOTICE `SOCKET_READY`. Only then does the client catch up
 *    (`/chat/getChatSessions`, `/chat/syncMessages`, see chats.ts): a message stored before
 *    that frame is in the catch-up, one stored after it is pushed, none falls between.
 * 4. Heartbeat: the client sends `{"type":"ping"}` every 5 s and the server answers the text
 *    `ok` (pings sent before the ready frame are answered right after it). Server pushes are
 *    JSON objects with `pushType` MSG or NOTICE.
 * 5. Close codes (`CloseCode`) tell the client whether to reconnect.
 */
export const WS_PATH = '/ws';
export const HEARTBEAT_REPLY = 'ok';
/** How long a socket ticket stays redeemable. */
export const SOCKET_TICKET_TTL_MS = 30_000;

export const SocketTicket = z.object({
  /** Goes in the socket URL as `?Authorization=<ticket>`; opens one socket, once. */
  ticket: z.string(),
  /** When it stops working (ms since the epoch). */
  expiresAt: z.number(),
});
export type SocketTicket = z.infer<typeof SocketTicket>;

export const socketTicket = endpoint({
  method: 'POST',
  path: '/auth/socketTicket',
  request: Empty,
  response: SocketTicket,
  auth: true,
  summary: 'A single-use ticket that opens one socket within 30 s',
});

/** Close codes the client acts on. */
export const CloseCode = {
  /** Server shutting down: reconnect later. */
  GOING_AWAY: 1001,
  /**
   * The node may have missed pushes for this socket (its link to the other nodes, Redis, was
   * lost and is back): reconnect and catch up.
   */
  RESYNC: 1012,
  /** Missing, unknown, used or expired ticket, or its session has ended: do not reconnect, sign in again. */
  UNAUTHORIZED: 4001,
  /** The token was revoked (signed out): do not reconnect. */
  SIGNED_OUT: 4002,
  /** The client could not keep up with its pushes: reconnect and catch up. */
  SLOW_CONSUMER: 4008,
  /**
   * The account opened more sockets than the server allows (MAX_SOCKETS_PER_USER) and this
   * was its oldest. Do not reconnect on your own, which would close another of the person's
   * tabs in turn; reconnect when the person comes back to this page.
   */
  SOCKET_LIMIT: 4009,
} as const;

/** The notices a socket carries; each one's msgContent schema is in notices.ts. */
export const NoticeType = {
  /** The first frame of every socket: it is registered, so catch up now (msgContent {}). */
  SOCKET_READY: 'SOCKET_READY',
  /** Someone signed in to this account on another device. */
  LOGIN_ELSEWHERE: 'LOGIN_ELSEWHERE',
  /** Another device of this account signed out. */
  LOGOUT_ELSEWHERE: 'LOGOUT_ELSEWHERE',
  /** A friend request arrived: msgContent {count, userId, nickName} (count = pending received). */
  FRIEND_APPLY: 'FRIEND_APPLY',
  /** The viewer's request was accepted (or both became friends): msgContent {userId, nickName}. */
  FRIEND_ACCEPTED: 'FRIEND_ACCEPTED',
  /** The viewer's request was rejected: msgContent {userId, nickName}. */
  FRIEND_REJECTED: 'FRIEND_REJECTED',
  /** The contact list, remarks or blacklist changed (e.g. on another device): refetch. */
  CONTACTS_CHANGED: 'CONTACTS_CHANGED',
  /** The user's own profile changed on another device: refetch /my/getInfo. */
  PROFILE_CHANGED: 'PROFILE_CHANGED',
  /** The user read a chat (on any device): msgContent is its ChatState (chats.ts). */
  CHAT_READ: 'CHAT_READ',
  /** The user pinned, muted, removed or cleared a chat: msgContent is ChatUpdatedNotice (chats.ts). */
  CHAT_UPDATED: 'CHAT_UPDATED',
  /** A group the user belongs (or belonged) to changed: msgContent is GroupChangedNotice (groups.ts). */
  GROUP_CHANGED: 'GROUP_CHANGED',
  /** The user deleted messages for themselves (on any device): msgContent {chatId, seqs} (forward.ts). */
  MSG_DELETED: 'MSG_DELETED',
  /** A like, comment or reply concerns the user (moments.ts): msgContent {count} of unread ones. */
  MOMENT_INTERACTION: 'MOMENT_INTERACTION',
  /** A friend posted a moment the user may see: msgContent {portrait} of its author. */
  MOMENT_POSTED: 'MOMENT_POSTED',
  /** The other person of a one-to-one chat read further: msgContent {chatId, readSeq} (receipts.ts). */
  PEER_READ: 'PEER_READ',
  /** Members of a group read past the user's messages: msgContent {chatId} (receipts.ts). */
  GROUP_READS: 'GROUP_READS',
  /** The other person of a one-to-one chat is typing: msgContent {chatId, userId} (receipts.ts). */
  TYPING: 'TYPING',
} as const;
export type NoticeType = (typeof NoticeType)[keyof typeof NoticeType];

const Party = z.object({
  userId: z.string(),
  nickName: z.string(),
  portrait: z.string(),
  userType: z.string().optional(),
});

/**
 * A chat message, pushed after it is stored to every member's devices, the sender's included
 * (the sending device recognises its own echo by clientMsgId). `msgContent` is the message as
 * `/chat/getChatMessages` answers it, with `isSelf` from the receiving user's point of view.
 * A client that sees `seq` skip past the last one it holds for `chatId` fetches the gap with
 * `/chat/syncMessages`.
 */
export const MsgPush = z.object({
  pushType: z.literal('MSG'),
  msgId: z.string(),
  chatId: z.string(),
  chatType: ChatTypeSchema.optional(),
  seq: z.number().int(),
  clientMsgId: z.string().optional(),
  msgContent: ServerMessage,
  /** The sender (for a system notice: userId '0'). */
  fromInfo: Party,
  /**
   * Who the chat is with, from the receiving user's point of view (SINGLE: the other person,
   * whoever sent it; GROUP: the group), so a device can create the chat-list entry.
   */
  chatInfo: Party,
  /** GROUP: the group (userId is the group id). */
  groupInfo: Party.optional(),
  createTime: z.number(),
});
export type MsgPush = z.infer<typeof MsgPush>;

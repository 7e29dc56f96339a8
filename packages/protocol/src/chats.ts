import { z } from 'zod';
import { Empty, endpoint } from './endpoint';
import { SeqRange } from './empty-seqs';
import { ErrorId } from './envelope';
import { CHAT_MESSAGES_PAGE_SIZE, CHAT_SESSIONS_PAGE_SIZE, INT32_MAX } from './limits';
import { ChatTypeSchema, IdString, IdStringOrEmpty, SendMsgRequest, ServerMessage } from './messages';
import { RecallWindows } from './recall';

/**
 * Chats (spec 3 and 4): one SINGLE chat per pair of friends (GROUP chats come with groups).
 *
 * Delivery: every message gets the next `seq` of its chat (1, 2, 3, … with no gap) in the
 * transaction that stores it, and is pushed (`pushType: 'MSG'`, see socket.ts) to every
 * member's sockets after it is committed, the sender's own devices included: the sending
 * device recognises its echo by `clientMsgId` (or `msgId`) and keeps one copy.
 *
 * Empty seqs: the one exception to "no gap". A server that starts on a database restored from
 * a backup (or one that lost its latest writes) never gives a seq again that devices may hold:
 * every chat's seqs continue further on, and the seqs it skipped hold no message, ever. The
 * answers of `/chat/syncMessages` and `/chat/getChatMessages` name them (`emptySeqs`, within
 * the stretch each answer covers), so a client moves over them as over messages it received.
 *
 * A client keeps, per chat, the highest seq it holds and applies messages in seq order:
 * - a push with seq = held + 1 is appended; seq ≤ held is a copy it already has (dropped);
 * - a push with seq > held + 1 means it missed some: it asks `/chat/syncMessages` for
 *   everything after `held` (following `hasMore`), then applies the push; `held` moves over
 *   every seq the answers bring or name empty (and over what the viewer cleared);
 * - after (re)connecting, it waits for the socket's `SOCKET_READY` frame (socket.ts: the
 *   server sends it once the socket is registered, so every later message is pushed to it),
 *   then compares each session's `lastSeq` (`/chat/getChatSessions`) with what it holds and
 *   syncs the chats that moved; pushes that arrive meanwhile are applied by the same rules,
 *   so nothing falls between the two.
 * So nothing is lost, shown twice or out of order.
 *
 * A send the server cannot queue now answers HTTP 503 with body code 503, `err: 'serverBusy'`
 * and `Retry-After`: nothing was stored; send it again, with the same clientMsgId, shortly.
 *
 * Read state is the server's: `readSeq` per member. Sending advances the sender's own readSeq
 * (a push of your own message means you have read up to it), so
 * `unreadCount = lastSeq − readSeq` and your own messages never count. System notices
 * (ALERT) do not count as unread either, nor do empty seqs (read positions move over them
 * with the chat). A change made on one device (read, pin, mute, remove, clear) reaches all
 * the user's devices as a NOTICE (CHAT_READ, CHAT_UPDATED) carrying the chat's new `ChatState`.
 */

export const YesNo = z.enum(['Y', 'N']);
export type YesNo = z.infer<typeof YesNo>;

export const ChatId = IdString('chatId');

/**
 * A request naming a chat by its id or, for SINGLE chats, by the friend's user id (when the
 * client has no chatId yet, e.g. opening the chat from a contact), plus other fields.
 */
const chatRef = <S extends z.ZodRawShape>(shape: S) =>
  z
    .object({
      chatId: ChatId.optional(),
      /** SINGLE only: the friend's user id. */
      userId: IdString('userId').optional(),
      ...shape,
    })
    .refine(
      (v) => {
        const ref = v as { chatId?: string; userId?: string };
        return ref.chatId !== undefined || ref.userId !== undefined;
      },
      { message: 'chatId is required', path: ['chatId'] },
    );

/** A member's view of a chat: its position and its settings. */
export const ChatState = z.object({
  chatId: z.string(),
  chatType: ChatTypeSchema,
  /** The chat's newest seq. */
  lastSeq: z.number().int(),
  /** The member has read everything up to here. */
  readSeq: z.number().int(),
  /** Messages up to here are hidden from this member (cleared history). */
  clearedSeq: z.number().int(),
  /** lastSeq − readSeq. Muted chats still count (the client shows a dot instead). */
  unreadCount: z.number().int(),
  isTop: YesNo,
  /** Muted (do not disturb). */
  isDisturb: YesNo,
  /** Taken off the chat list; it comes back with the next message. */
  removed: z.boolean(),
  /**
   * A message after readSeq mentions the member (@them or @All, GROUP only): the chat list
   * shows "[You were mentioned]". Always answered; optional for those who build a state.
   */
  mentioned: z.boolean().optional(),
});
export type ChatState = z.infer<typeof ChatState>;

/** A group's picture is drawn from at most this many of its first members (by joining). */
export const GROUP_FACES_MAX = 9;

/**
 * One of the first members a group's picture shows: their photo, or, without one, their
 * initials on a colour (the client draws the grid, in WeChat's 2×2 and 3×3 layouts).
 */
export const GroupFace = z.object({ nickName: z.string(), portrait: z.string() });
export type GroupFace = z.infer<typeof GroupFace>;

/** Spec 3 server session, plus the chat's position and the member's state. */
export const ChatSession = ChatState.extend({
  /** SINGLE: the friend's user id (the local chat-list entry's userId); GROUP: the group id. */
  userId: z.string(),
  /** GROUP only. */
  groupId: z.string().optional(),
  /** GROUP only: ACTIVE while the viewer is a member; LEFT or DISMISSED make the chat read-only. */
  groupStatus: z.enum(['ACTIVE', 'LEFT', 'DISMISSED']).optional(),
  /** The friend's remark when set, else their nickname (GROUP: the group name). */
  nickName: z.string(),
  portrait: z.string(),
  /** GROUP only, while the viewer is a member: the faces its picture is drawn from. */
  faces: z.array(GroupFace).max(GROUP_FACES_MAX).optional(),
  userType: z.string(),
  /** A one-line English preview of the newest visible message ('' when none). */
  lastContent: z.string(),
  /** When the newest message was sent (ms); the chat's creation time when there is none. */
  lastTime: z.number(),
  /** The newest visible message, so a client can localize the preview; null when none. */
  lastMsg: ServerMessage.nullable(),
  /**
   * How many of the chat's messages the viewer deleted for themselves: a device that holds
   * another number missed a MSG_DELETED notice and asks /chat/deletedSeqs.
   */
  deletions: z.number().int().optional(),
});
export type ChatSession = z.infer<typeof ChatSession>;

const PageNum = z.number().int().min(1).max(INT32_MAX).default(1);
/** A message's place in its chat (a 32-bit column). */
const Seq = z.number().int().min(0).max(INT32_MAX);
const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    pages: z.number().int(),
  });

export const getChatSessions = endpoint({
  method: 'POST',
  path: '/chat/getChatSessions',
  request: z.object({
    pageNum: PageNum,
    pageSize: z.number().int().min(1).max(200).default(CHAT_SESSIONS_PAGE_SIZE),
  }),
  /** Pinned chats first, then the newest; removed chats are left out until their next message. */
  response: paged(ChatSession),
  auth: true,
  summary: "The viewer's chats: pinned first, then newest",
});

export const getChatSession = endpoint({
  method: 'POST',
  path: '/chat/getChatSession',
  request: chatRef({}),
  response: ChatSession,
  auth: true,
  summary: 'One chat as the chat list shows it (also a removed one), by chatId or friend userId',
});

export const getChatMessages = endpoint({
  method: 'POST',
  path: '/chat/getChatMessages',
  request: chatRef({
    chatType: ChatTypeSchema.default('SINGLE'),
    pageNum: PageNum,
    pageSize: z.number().int().min(1).max(100).default(CHAT_MESSAGES_PAGE_SIZE),
    /**
     * The oldest message the client holds: the page is the `pageSize` messages just before
     * it (and pageNum is only echoed). Without it, pageNum counts pages back from the newest.
     */
    lastMsgId: IdStringOrEmpty('lastMsgId').optional(),
    /**
     * Without lastMsgId: the page is the `pageSize` messages with a lower seq (pageNum is only
     * echoed). For a client whose oldest message the server no longer has (one it lost in a
     * restore, see the top).
     */
    beforeSeq: Seq.min(1).optional(),
  }),
  /** `list` is oldest first. `total` counts the messages visible to the viewer. */
  response: paged(ServerMessage).extend({
    chatId: z.string(),
    /** Whether older visible messages exist before this page. */
    hasMore: z.boolean(),
    lastSeq: z.number().int(),
    readSeq: z.number().int(),
    clearedSeq: z.number().int(),
    /**
     * Empty seqs (see the top) between the page's oldest message (or, when nothing older is
     * visible, the viewer's clearedSeq) and the seq the page was asked before; absent when none.
     */
    emptySeqs: z.array(SeqRange).optional(),
  }),
  auth: true,
  summary: 'A page of older messages of a chat (before lastMsgId)',
});

export const SYNC_LIMIT_DEFAULT = 200;
export const SYNC_LIMIT_MAX = 500;

/**
 * Catch-up by seq: the messages with seq > afterSeq, ascending, at most `limit`. Ask again
 * from the last one's seq while `hasMore`. Messages the viewer cleared are never answered.
 * The answer covers every seq after afterSeq up to its last message's seq (`hasMore`) or up to
 * `lastSeq`: each is in `list`, cleared by the viewer, or named in `emptySeqs`.
 */
export const syncMessages = endpoint({
  method: 'POST',
  path: '/chat/syncMessages',
  request: chatRef({
    afterSeq: Seq.default(0),
    limit: z.number().int().min(1).max(SYNC_LIMIT_MAX).default(SYNC_LIMIT_DEFAULT),
  }),
  response: z.object({
    chatId: z.string(),
    list: z.array(ServerMessage),
    lastSeq: z.number().int(),
    hasMore: z.boolean(),
    /** Empty seqs (see the top) after afterSeq within what the answer covers; absent when none. */
    emptySeqs: z.array(SeqRange).optional(),
  }),
  auth: true,
  summary: 'Messages after a seq, ascending (reconnect catch-up and gap repair)',
});

/** `data.status` of /chat/sendMsg: '0' sent; anything else is a refusal and nothing was stored. */
export const SendStatus = {
  OK: '0',
  NOT_FRIENDS: '1',
  /** The recipient blocked the sender (spec alerts "message was blocked", "blocked by user"). */
  BLOCKED_BY_USER: '2',
  /** The sender blocked the recipient (spec alert "user blocked"). */
  USER_BLOCKED: '3',
  /** GROUP: the sender is not (or no longer) a member. */
  NOT_GROUP_MEMBER: '4',
  /** GROUP: the group was dismissed. */
  GROUP_DISMISSED: '5',
} as const;
export type SendStatus = (typeof SendStatus)[keyof typeof SendStatus];

/** The stable code of each status, for the client's i18n (`errors.<code>` for refusals). */
export const SEND_STATUS_CODE = {
  '0': 'ok',
  '1': ErrorId.notFriends,
  '2': ErrorId.blockedByUser,
  '3': ErrorId.userBlocked,
  '4': ErrorId.notGroupMember,
  '5': ErrorId.groupDismissed,
} as const satisfies Record<SendStatus, string>;

/** The English label of each refusal, shown by the client as a system notice. */
export const SEND_STATUS_LABEL: Record<SendStatus, string> = {
  '0': '',
  '1': 'You are not friends yet. Send a friend request first.',
  '2': 'Message was blocked: you have been blocked by this user.',
  '3': 'You have blocked this user. Remove them from your blacklist to send messages.',
  '4': 'You are no longer a member of this group chat.',
  '5': 'This group chat has been dismissed.',
};

export const SendMsgResult = z.object({
  status: z.enum(['0', '1', '2', '3', '4', '5']),
  /** '' on success; otherwise the refusal in plain English. */
  statusLabel: z.string(),
  statusCode: z.enum([
    'ok',
    ErrorId.notFriends,
    ErrorId.blockedByUser,
    ErrorId.userBlocked,
    ErrorId.notGroupMember,
    ErrorId.groupDismissed,
  ]),
  /** '' on a refusal. */
  msgId: z.string(),
  /** 0 on a refusal. */
  seq: z.number().int(),
  /** '' on a refusal. */
  chatId: z.string(),
  clientMsgId: z.string(),
  /** 0 on a refusal. */
  createTime: z.number(),
  /**
   * True when this was a retry: the original message is answered and nothing new was stored.
   * The original is pushed again too (the attempt retried may have lost its reply, and its push,
   * after the commit); clients drop the repeat by msgId.
   */
  duplicate: z.boolean(),
});
export type SendMsgResult = z.infer<typeof SendMsgResult>;

/** The answer to a refused send: nothing was stored, so every message field is empty. */
export const refusedSend = (status: Exclude<SendStatus, '0'>, clientMsgId: string): SendMsgResult => ({
  status,
  statusLabel: SEND_STATUS_LABEL[status],
  statusCode: SEND_STATUS_CODE[status],
  msgId: '',
  seq: 0,
  chatId: '',
  clientMsgId,
  createTime: 0,
  duplicate: false,
});

export const sendMsg = endpoint({
  method: 'POST',
  path: '/chat/sendMsg',
  request: SendMsgRequest,
  response: SendMsgResult,
  auth: true,
  summary: 'Send a message to a friend (idempotent by clientMsgId)',
});

export const markRead = endpoint({
  method: 'POST',
  path: '/chat/markRead',
  request: z.object({
    chatId: ChatId,
    /** Read up to this seq (clamped to the chat's lastSeq); all of it when left out. Never moves back. */
    readSeq: Seq.optional(),
  }),
  response: ChatState,
  auth: true,
  summary: "Mark a chat read up to a seq; the user's other devices are told (CHAT_READ)",
});

export const setChatTop = endpoint({
  method: 'POST',
  path: '/chat/setTop',
  request: z.object({ chatId: ChatId, isTop: YesNo }),
  response: ChatState,
  auth: true,
  summary: 'Pin or unpin a chat (for the viewer only)',
});

export const setChatDisturb = endpoint({
  method: 'POST',
  path: '/chat/setDisturb',
  request: z.object({ chatId: ChatId, isDisturb: YesNo }),
  response: ChatState,
  auth: true,
  summary: 'Mute or unmute a chat (for the viewer only)',
});

export const removeChatSession = endpoint({
  method: 'POST',
  path: '/chat/removeSession',
  request: z.object({ chatId: ChatId }),
  response: ChatState,
  auth: true,
  summary: "Take a chat off the viewer's list (and mark it read); it comes back with the next message",
});

export const clearChatMessages = endpoint({
  method: 'POST',
  path: '/chat/clearMessages',
  request: z.object({ chatId: ChatId }),
  response: ChatState,
  auth: true,
  summary: 'Clear the chat history for the viewer only (messages so far become invisible to them)',
});

/**
 * Takes back a message (docs/architecture.md, "Message actions"): the sender within the recall
 * window (`getRecallWindows`), a group's owner any member's message. The answer is the RECALL
 * event `{targetSeq, targetMsgId}`, stored under the chat's next seq and pushed to every member
 * like a message; the target is RECALLED from then on. A retry of a recall that went through
 * answers the same event.
 */
export const recallMsg = endpoint({
  method: 'POST',
  path: '/chat/recallMsg',
  request: z.object({ chatId: ChatId, msgId: IdString('msgId') }),
  response: ServerMessage,
  auth: true,
  summary: 'Recall a message (the sender within the window, a group owner any member’s)',
});

export const getRecallWindows = endpoint({
  method: 'GET',
  path: '/chat/recallWindows',
  request: Empty,
  response: RecallWindows,
  auth: true,
  summary: 'How long after sending a message its sender may recall it (this server’s settings)',
});

/** Why a chat setting changed (CHAT_UPDATED). */
export const ChatChange = z.enum(['top', 'disturb', 'remove', 'clear']);
export type ChatChange = z.infer<typeof ChatChange>;

/** msgContent of the CHAT_READ notice. */
export const ChatReadNotice = ChatState;
/** msgContent of the CHAT_UPDATED notice. */
export const ChatUpdatedNotice = ChatState.extend({ change: ChatChange });
export type ChatUpdatedNotice = z.infer<typeof ChatUpdatedNotice>;

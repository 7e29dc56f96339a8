/**
 * The seam between the chat engine (store/chat) and the screens that render it. The shapes
 * follow the spec's local entities (section 3): a chat-list entry per chat, and the local
 * messages of each chat. Screens read them through the hooks in `store/chat/hooks.ts` and act
 * through the engine's commands; they never fetch chats or messages themselves.
 */
import type {
  ChatType,
  GroupFace,
  GroupStatus,
  MsgType,
  ReactionSummary,
  Reactor,
  SendStatus,
} from '@paichat/protocol';
import type { JumpPage, PageAt } from './jump';
import type { ReEdit } from './recall';

/** Spec 3, chat-list entry (kept per user under `{userId}_chatlistData`). */
export interface ChatListEntry {
  chatId: string;
  /** The peer's user id (SINGLE) or the group id (GROUP). */
  userId: string;
  nickName: string;
  portrait: string;
  /** Preview of the last message, already localized ("[Image]", text, notice …). */
  content: string;
  /** Time of the last message, ms since epoch. */
  time: number;
  /** Unread count, or 'dot' when the chat is muted and has unread messages. */
  num: number | 'dot';
  windowType: ChatType;
  disturb: 'Y' | 'N';
  top: 'Y' | 'N';
  userType: string;
  lastSeq: number;
  readSeq: number;
  /** Added: how the newest own message of the preview is doing ('error' shows a red mark). */
  lastSendtype?: SendType;
  /** Added, GROUP only: LEFT or DISMISSED make the chat read-only. */
  groupStatus?: GroupStatus;
  /** Added, GROUP only, while a member: the first members, whose faces draw its picture. */
  faces?: GroupFace[];
  /** Added, GROUP only: a message after readSeq mentions the user ("[You were mentioned]"). */
  mentioned?: boolean;
}

/** Who reacted to a message: each emoji (oldest first) with its people. */
export type ReactorsByEmoji = { emoji: string; users: Reactor[] }[];

/** Outgoing state of an own message (the spec spells it `wating`). */
export type SendType = 'wating' | 'success' | 'error';

/** Spec 3, local message. */
export interface LocalMessage {
  /** The server msgId once known, else the temporary `local_…` id (= clientMsgId). */
  id: string;
  msgId?: string;
  clientMsgId?: string;
  chatId: string;
  /** The chat's seq once stored by the server. */
  seq?: number;
  fromId: string;
  toId: string;
  msgType: MsgType;
  /**
   * Spec 3's talkType, windowType, personId and time are set on every row the engine makes
   * (received, loaded, caught up, sent, notices); a row stored by an older version lacks them.
   * talkType: SINGLE or GROUP, the kind of chat the message was sent in (the server's talkType).
   */
  talkType?: ChatType;
  /** The message content as the protocol defines it for msgType. */
  content: unknown;
  createTime: number;
  /** Spec 3's `createTime/time`: the same moment, ms. */
  time?: number;
  /** 1 received, 2 own, 3 system notice. */
  type: 1 | 2 | 3;
  nickName: string;
  portrait: string;
  /** The person who wrote it (its fromId): in a group, the member, where userId is the group. */
  personId?: string;
  /** SINGLE or GROUP: the chat window it shows in. */
  windowType?: ChatType;
  /**
   * Group received messages: the sender's name as the group shows it (their group nickname,
   * else their nickname). Screens put the viewer's remark for them before the nickname
   * through `showNameOf` (messages.ts).
   */
  showName?: string;
  /** Group received messages: the sender's nickname in the group when they sent it. */
  groupNick?: string;
  sendtype?: SendType;
  /**
   * The server's answer to the message (`data.status` of sendMsg, SendStatus): '0' for every
   * message the server stored (received, loaded, own once sent), a refusal's status for an own
   * row it refused; none while an own row waits or when no answer came.
   */
  status?: SendStatus;
  /**
   * A local system notice's text key and params (type 3 without a server message). Screens
   * show type 3 rows through `noticeText(message, t)` (store/chat/preview.ts), which also reads
   * server notices (ALERT, by their code) and notices carrying a server text.
   */
  notice?: { key: string; params?: Record<string, string> };
  /**
   * Added: local rows only (no seq yet): the highest seq the chat held when the row was made,
   * which places it among the server messages. Screens need not read it.
   */
  afterSeq?: number;
  /** Added: the emoji on the message as this person sees them (reactions.ts); none when never any. */
  reactions?: ReactionSummary;
}

export interface ChatWindowState {
  /**
   * Oldest first, in seq order; rows not yet stored by the server sit where they were written.
   * Render key: `clientMsgId ?? id` (a sent row's id changes from `local_…` to the msgId).
   * Call-start records are never in it.
   */
  messages: LocalMessage[];
  /** Older pages may exist on the server. */
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Added: the chat-list entry of this chat, when known (title, mute, pin). */
  entry?: ChatListEntry;
  /** Spec 3 chat data per peer: who a one-to-one chat is with … */
  fromInfo?: PeerInfo;
  /** … or, for a group chat, the group. */
  groupInfo?: Omit<PeerInfo, 'userType'>;
}

/** Spec 3's fromInfo and groupInfo of a chat's data. */
export interface PeerInfo {
  nickName: string;
  portrait: string;
  /** The friend's user id, or the group id. */
  userId: string;
  userType: string;
}

/** What the engine offers the screens (commands; state comes through the hooks). */
export interface ChatCommands {
  /** Opens a chat by chatId, or a SINGLE chat by the friend's userId; resolves its chatId. */
  open(ref: { chatId?: string; userId?: string }): Promise<string>;
  loadOlder(chatId: string): Promise<void>;
  /**
   * A page of the chat read from the server and not kept (jump.ts): around a message opened from
   * a search beyond the held history, and the pages before and after it.
   */
  readPage(chatId: string, at: PageAt): Promise<JumpPage>;
  /**
   * Adds the message at once (`local_` id, `wating`) and sends it, through the persistent outbox.
   * Resolves once the first attempt is over (the row shows how it went); rejects only when the
   * content is not valid for msgType (nothing is added then) or the chat is unknown. A group
   * chat's messages go through `/group/sendMsg`, a one-to-one chat's through `/chat/sendMsg`.
   */
  send(chatId: string, msgType: MsgType, content: unknown): Promise<void>;
  /** Sends a failed message again with the same clientMsgId. */
  retry(chatId: string, localId: string): Promise<void>;
  /**
   * Recalls a message (store/chat/recall.ts): the server's event is applied at once; an own
   * text is kept for Re-edit. Rejects with the server's refusal (its message says why).
   */
  recall(chatId: string, message: LocalMessage): Promise<void>;
  /** The text of an own message recalled on this device, while it may be re-edited. */
  reEdit(msgId: string): ReEdit | undefined;
  /**
   * Puts the emoji on a message, or takes it off when the user has it there (store/chat/
   * reactions.ts): the server's event is applied at once. Rejects with the server's refusal.
   */
  react(chatId: string, message: LocalMessage, emoji: string): Promise<void>;
  /** Who reacted to a message, per emoji. */
  whoReacted(chatId: string, msgId: string): Promise<ReactorsByEmoji>;
  /**
   * Deletes messages for the user only (store/chat/deletions.ts), here at once once the server
   * has them, on their other devices by its notice. Rejects with the server's refusal.
   */
  deleteForMe(chatId: string, msgIds: string[]): Promise<void>;
  markRead(chatId: string): Promise<void>;
  setTop(chatId: string, top: boolean): Promise<void>;
  setDisturb(chatId: string, muted: boolean): Promise<void>;
  remove(chatId: string): Promise<void>;
  clear(chatId: string): Promise<void>;
  /** Pull-to-refresh of the Message tab (throttled to 1 s, guarded against re-entry). */
  refresh(): Promise<void>;
}

/**
 * Added. How the engine is doing: `starting` until the local store is read, then `ready`
 * (`syncing` tells whether a server refresh is running); `stopped` after sign-out.
 */
export type ChatEngineStatus = 'starting' | 'ready' | 'stopped';

/** Added: what `useChatList()` answers. */
export interface ChatListState {
  status: ChatEngineStatus | 'none';
  /** Visible entries: pinned first, then newest. */
  list: ChatListEntry[];
  /** A server refresh (sessions + catch-up) is running. */
  syncing: boolean;
  /** The server has answered the chat list since the engine started: an empty list is empty. */
  answered: boolean;
}

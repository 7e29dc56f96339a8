/**
 * The fake chat server's data, and how a user sees it: sessions, pages, catch-up, chat states
 * and messages as the protocol presents them (the read side of fakeChatServer.ts). Not for
 * the app.
 */
import {
  belowRanges,
  ChatType,
  clipRanges,
  countInRanges,
  MsgType,
  stepDown,
  SYSTEM_USER_ID,
  type ChatSession,
  type ChatState,
  type MsgPush,
  type ReactionSummary,
  type SeqRange,
  type ServerMessage,
} from '@paichat/protocol';

export interface StoredMessage {
  msgId: string;
  seq: number;
  senderId: string | null;
  clientMsgId: string | null;
  msgType: MsgType;
  content: Record<string, unknown>;
  createTime: number;
  /** Who has which emoji on it, in the order they reacted, as of the REACTION event at `seq`. */
  reactions?: { seq: number; by: { userId: string; emoji: string }[] };
}

/** A message's reactions as `viewerId` sees them (the server's summary). */
function summaryOf(reactions: NonNullable<StoredMessage['reactions']>, viewerId: string): ReactionSummary {
  const list: ReactionSummary['list'] = [];
  for (const { userId, emoji } of reactions.by) {
    let count = list.find((c) => c.emoji === emoji);
    if (!count) list.push((count = { emoji, count: 0, mine: false }));
    count.count += 1;
    if (userId === viewerId) count.mine = true;
  }
  return { seq: reactions.seq, list };
}

export interface Group {
  groupId: string;
  name: string;
  dismissed: boolean;
  /** Members who quit or were removed (they keep the chat, read-only). */
  former: Set<string>;
  /** Group nicknames by member. */
  nicks: Map<string, string>;
}

export interface Chat {
  chatId: string;
  /** SINGLE: the two friends; GROUP: the current members. */
  members: string[];
  messages: StoredMessage[];
  /** Seqs skipped after a restore (FakeChatServer.skipSeqs): no message, ever. Ascending. */
  emptySeqs: SeqRange[];
  createTime: number;
  group?: Group;
}

export interface Member {
  readSeq: number;
  clearedSeq: number;
  hiddenSeq: number;
  isTop: 'Y' | 'N';
  isDisturb: 'Y' | 'N';
  /** GROUP: the newest message that mentioned the member; 0 when none. */
  mentionSeq: number;
}

export interface User {
  userId: string;
  nickName: string;
  portrait: string;
}

/** The refusals the fake answers (the real server's `err` ids). */
type RefusalId = 'chatNotFound' | 'messageNotFound' | 'recallNotAllowed' | 'validation';

export type Answer = { ok: true; data: unknown } | { ok: false; code: number; msg: string; err?: RefusalId };

export class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly err: RefusalId,
  ) {
    super(message);
  }
}

/** A user's view of the fake's chats. */
export class FakeChatViews {
  constructor(
    private readonly users: ReadonlyMap<string, User>,
    private readonly chats: ReadonlyMap<string, Chat>,
    private readonly members: ReadonlyMap<string, Member>,
  ) {}

  chatIds(userId: string): string[] {
    return [...this.chats.values()].filter((c) => this.sees(c, userId)).map((c) => c.chatId);
  }

  sessions(userId: string, pageNum: number, pageSize: number) {
    const all = this.chatIds(userId)
      .map((id) => this.chats.get(id) as Chat)
      .filter((c) => this.lastSeq(c) > this.member(c.chatId, userId).hiddenSeq)
      .map((c) => this.session(c, userId))
      .sort((a, b) =>
        a.isTop !== b.isTop
          ? a.isTop === 'Y'
            ? -1
            : 1
          : b.lastTime - a.lastTime || (a.chatId < b.chatId ? 1 : -1),
      );
    const list = all.slice((pageNum - 1) * pageSize, pageNum * pageSize);
    return { list, total: all.length, pageNum, pageSize, pages: Math.ceil(all.length / pageSize) };
  }

  session(chat: Chat, userId: string): ChatSession {
    const m = this.member(chat.chatId, userId);
    // A reaction is no message of its own in the list.
    const listed = chat.messages.filter((x) => x.msgType !== MsgType.REACTION);
    const visible = listed.filter((x) => x.seq > m.clearedSeq);
    const last = visible.at(-1);
    const { group } = chat;
    const party = this.partyFor(chat, userId);
    return {
      ...this.state(chat, userId),
      userId: party.userId,
      nickName: party.nickName,
      portrait: party.portrait,
      userType: party.userType,
      ...(group ? { groupId: group.groupId, groupStatus: this.groupStatus(group, userId) } : {}),
      lastContent: last?.msgType === MsgType.TEXT ? String(last.content.text) : '',
      lastTime: listed.at(-1)?.createTime ?? chat.createTime,
      lastMsg: last ? this.present(chat, last, userId) : null,
    };
  }

  page(chat: Chat, userId: string, body: Record<string, unknown>) {
    const m = this.member(chat.chatId, userId);
    const pageSize = body.pageSize as number;
    const pageNum = body.pageNum as number;
    const last = this.lastSeq(chat);
    const floor = m.clearedSeq;
    const empty = clipRanges(chat.emptySeqs, floor + 1, last);
    let before: number;
    if (typeof body.lastMsgId === 'string' && body.lastMsgId) {
      const anchor = chat.messages.find((x) => x.msgId === body.lastMsgId);
      if (!anchor || anchor.seq <= floor) throw new Refusal(404, 'message not found', 'messageNotFound');
      before = anchor.seq;
    } else if (typeof body.beforeSeq === 'number') {
      before = Math.min(body.beforeSeq, last + 1);
    } else {
      before = stepDown(empty, last, (pageNum - 1) * pageSize);
    }
    const rows = chat.messages.filter((x) => x.seq < before && x.seq > floor).slice(-pageSize);
    const total = Math.max(0, last - floor - countInRanges(empty, floor + 1, last));
    const oldest = rows[0];
    const hasMore = oldest !== undefined && belowRanges(empty, oldest.seq - 1) > floor;
    const emptySeqs = clipRanges(empty, hasMore && oldest ? oldest.seq : floor + 1, before - 1);
    return {
      list: rows.map((x) => this.present(chat, x, userId)),
      total,
      pageNum,
      pageSize,
      pages: Math.ceil(total / pageSize),
      chatId: chat.chatId,
      hasMore,
      lastSeq: last,
      readSeq: m.readSeq,
      clearedSeq: floor,
      ...(emptySeqs.length > 0 ? { emptySeqs } : {}),
    };
  }

  sync(chat: Chat, userId: string, body: Record<string, unknown>) {
    const m = this.member(chat.chatId, userId);
    const after = Math.max(body.afterSeq as number, m.clearedSeq);
    const limit = body.limit as number;
    const rows = chat.messages.filter((x) => x.seq > after).slice(0, limit + 1);
    const hasMore = rows.length > limit;
    const page = hasMore ? rows.slice(0, limit) : rows;
    const lastSeq = this.lastSeq(chat);
    const emptySeqs = clipRanges(chat.emptySeqs, after + 1, hasMore ? (page.at(-1)?.seq ?? after) : lastSeq);
    return {
      chatId: chat.chatId,
      list: page.map((x) => this.present(chat, x, userId)),
      lastSeq,
      hasMore,
      ...(emptySeqs.length > 0 ? { emptySeqs } : {}),
    };
  }

  /** Whether the user may see the chat (a former group member still may, read-only). */
  sees(chat: Chat, userId: string): boolean {
    return chat.members.includes(userId) || (chat.group?.former.has(userId) ?? false);
  }

  member(chatId: string, userId: string): Member {
    const m = this.members.get(`${chatId}:${userId}`);
    if (!m) throw new Error(`no member ${userId} in ${chatId}`);
    return m;
  }

  lastSeq(chat: Chat): number {
    return Math.max(chat.messages.at(-1)?.seq ?? 0, chat.emptySeqs.at(-1)?.toSeq ?? 0);
  }

  state(chat: Chat, userId: string): ChatState {
    const m = this.member(chat.chatId, userId);
    const lastSeq = this.lastSeq(chat);
    return {
      chatId: chat.chatId,
      chatType: chat.group ? ChatType.GROUP : ChatType.SINGLE,
      lastSeq,
      readSeq: m.readSeq,
      clearedSeq: m.clearedSeq,
      unreadCount: Math.max(0, lastSeq - m.readSeq),
      isTop: m.isTop,
      isDisturb: m.isDisturb,
      removed: lastSeq <= m.hiddenSeq,
      mentioned: m.mentionSeq > m.readSeq,
    };
  }

  present(chat: Chat, x: StoredMessage, viewerId: string): ServerMessage {
    const sender = x.senderId === null ? undefined : this.users.get(x.senderId);
    let toId = '';
    if (chat.group) toId = chat.group.groupId;
    else if (x.senderId !== null) toId = this.peerOf(chat, x.senderId);
    const groupNick = x.senderId === null ? undefined : chat.group?.nicks.get(x.senderId);
    return {
      msgId: x.msgId,
      chatId: chat.chatId,
      seq: x.seq,
      clientMsgId: x.clientMsgId ?? '',
      fromId: x.senderId ?? SYSTEM_USER_ID,
      toId,
      msgType: x.msgType,
      talkType: chat.group ? ChatType.GROUP : ChatType.SINGLE,
      content: x.content,
      createTime: x.createTime,
      isSelf: x.senderId === viewerId,
      fromNickName: sender?.nickName ?? '',
      fromPortrait: sender?.portrait ?? '',
      ...(chat.group ? { fromGroupNick: groupNick ?? '' } : {}),
      ...(x.reactions ? { reactions: summaryOf(x.reactions, viewerId) } : {}),
    };
  }

  /** Who a chat is with, for a viewer: the other friend, or the group. */
  partyFor(chat: Chat, viewerId: string) {
    if (chat.group)
      return { userId: chat.group.groupId, nickName: chat.group.name, portrait: '', userType: 'group' };
    const other = this.users.get(this.peerOf(chat, viewerId)) as User;
    return { userId: other.userId, nickName: other.nickName, portrait: other.portrait, userType: 'user' };
  }

  /** The other friend of a one-to-one chat. */
  peerOf(chat: Chat, userId: string): string {
    return chat.members.find((member) => member !== userId) ?? userId;
  }

  groupStatus(group: Group, userId: string): 'ACTIVE' | 'LEFT' | 'DISMISSED' {
    if (group.dismissed) return 'DISMISSED';
    return group.former.has(userId) ? 'LEFT' : 'ACTIVE';
  }

  findChat(a: string, b: string): Chat | undefined {
    for (const chat of this.chats.values())
      if (!chat.group && chat.members.includes(a) && chat.members.includes(b) && a !== b) return chat;
    return undefined;
  }

  findByClientId(userId: string, clientMsgId: string) {
    for (const chat of this.chats.values())
      for (const message of chat.messages)
        if (message.senderId === userId && message.clientMsgId === clientMsgId) return { chat, message };
    return undefined;
  }

  resolve(userId: string, chatId?: string, peerId?: string): Chat {
    const chat =
      chatId !== undefined ? this.chats.get(chatId) : peerId ? this.findChat(userId, peerId) : undefined;
    if (!chat || !this.sees(chat, userId)) throw new Refusal(404, 'chat not found', 'chatNotFound');
    return chat;
  }

  group(groupId: string): Chat {
    for (const chat of this.chats.values()) if (chat.group?.groupId === groupId) return chat;
    throw new Refusal(404, 'group not found', 'chatNotFound');
  }

  /** A message as it is pushed to a viewer's devices. */
  msgPush(chat: Chat, message: StoredMessage, viewerId: string): MsgPush {
    const sender = message.senderId === null ? undefined : this.users.get(message.senderId);
    const party = this.partyFor(chat, viewerId);
    return {
      pushType: 'MSG',
      msgId: message.msgId,
      chatId: chat.chatId,
      chatType: chat.group ? ChatType.GROUP : ChatType.SINGLE,
      seq: message.seq,
      ...(message.clientMsgId ? { clientMsgId: message.clientMsgId } : {}),
      msgContent: this.present(chat, message, viewerId),
      fromInfo: sender
        ? { userId: sender.userId, nickName: sender.nickName, portrait: sender.portrait, userType: 'user' }
        : { userId: SYSTEM_USER_ID, nickName: '', portrait: '', userType: 'system' },
      chatInfo: party,
      ...(chat.group ? { groupInfo: party } : {}),
      createTime: message.createTime,
    };
  }
}

/**
 * An in-memory server with the chat endpoints' semantics (protocol chats.ts), for tests of the
 * engine and of screens built on it: per-chat seqs without gaps, sends idempotent by
 * (sender, clientMsgId), read / cleared / hidden positions per member, pushes to every device
 * of every member, notices of a member's own changes to all their devices. Group chats
 * (protocol groups.ts) are made, left and dismissed by the test, and sent to through
 * `/group/sendMsg`; what a former member may still read is not modelled.
 *
 * Each device has a transport (what the engine calls) and a push queue the test delivers,
 * drops or repeats. Requests and answers are checked against the protocol's schemas, so an
 * engine that sends a request the real server would refuse fails here too. Not for the app.
 */
import {
  ALERT_TEXT,
  ChatType,
  MsgType,
  NoticeType,
  noticePush,
  OutgoingMessage,
  refusedSend,
  SendStatus,
  SYSTEM_USER_ID,
  clearChatMessages,
  getChatMessages,
  getChatSession,
  getChatSessions,
  groupSendMsg,
  markRead,
  removeChatSession,
  sendMsg,
  setChatDisturb,
  setChatTop,
  syncMessages,
  type ChatSession,
  type ChatState,
  type Endpoint,
  type GroupChange,
  type MsgPush,
  type NoticeContent,
  type RequestOf,
  type ResponseOf,
  type SendMsgResult,
  type ServerMessage,
  type ServerPush,
} from '@paichat/protocol';
import { ApiError } from '../../../api/request';
import type { ChatTransport } from '../transport';

interface StoredMessage {
  msgId: string;
  seq: number;
  senderId: string | null;
  clientMsgId: string | null;
  msgType: MsgType;
  content: Record<string, unknown>;
  createTime: number;
}

interface Group {
  groupId: string;
  name: string;
  dismissed: boolean;
  /** Members who quit or were removed (they keep the chat, read-only). */
  former: Set<string>;
  /** Group nicknames by member. */
  nicks: Map<string, string>;
}

interface Chat {
  chatId: string;
  /** SINGLE: the two friends; GROUP: the current members. */
  members: string[];
  messages: StoredMessage[];
  createTime: number;
  group?: Group;
}

interface Member {
  readSeq: number;
  clearedSeq: number;
  hiddenSeq: number;
  isTop: 'Y' | 'N';
  isDisturb: 'Y' | 'N';
}

interface User {
  userId: string;
  nickName: string;
  portrait: string;
}

/**
 * How the next call of a device fails: before the server sees it, or after (answer lost), or
 * answered "busy" (HTTP 503) without the server taking it.
 */
export type CallFailure = 'request' | 'response' | 'busy';

export class FakeDevice {
  /** Calls fail with a network error while false. */
  online = true;
  /** The socket: pushes are queued while true, lost while false. */
  connected = true;
  readonly pending: ServerPush[] = [];
  private failures: CallFailure[] = [];
  private holding = false;
  private held: (() => void)[] = [];
  readonly transport: ChatTransport;
  /** Every request this device made: [path, body]. */
  readonly calls: [string, unknown][] = [];

  constructor(
    readonly userId: string,
    private readonly server: FakeChatServer,
  ) {
    this.transport = { call: (endpoint, input) => this.call(endpoint, input) };
  }

  /** The next call fails this way (queued: several can be lined up). */
  failNext(how: CallFailure): void {
    this.failures.push(how);
  }

  clearFailures(): void {
    this.failures = [];
  }

  /** Answers wait until release() (the server has already acted). */
  hold(on: boolean): void {
    this.holding = on;
    if (!on) this.release();
  }

  release(): void {
    const held = this.held;
    this.held = [];
    for (const resolve of held) resolve();
  }

  get heldCount(): number {
    return this.held.length;
  }

  push(push: ServerPush): void {
    if (this.connected) this.pending.push(push);
  }

  /** Takes the next queued push (undefined when none). */
  take(): ServerPush | undefined {
    return this.pending.shift();
  }

  private async call<E extends Endpoint>(endpoint: E, input: RequestOf<E>): Promise<ResponseOf<E>> {
    this.calls.push([endpoint.path, input]);
    await Promise.resolve();
    const failure = this.online ? this.failures.shift() : 'request';
    if (failure === 'request') throw new ApiError('network', 'Please check your network');
    if (failure === 'busy') throw new ApiError('http', 'Request failed', 503);
    const answer = this.server.handle(this.userId, endpoint, input);
    if (this.holding) await new Promise<void>((resolve) => this.held.push(resolve));
    if (failure === 'response' || !this.online) throw new ApiError('network', 'Please check your network');
    if (answer.ok) return answer.data as ResponseOf<E>;
    throw new ApiError('business', answer.msg, 200, answer.code, answer.err);
  }
}

type Answer =
  | { ok: true; data: unknown }
  | { ok: false; code: number; msg: string; err?: 'chatNotFound' | 'messageNotFound' | 'validation' };

class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly err: 'chatNotFound' | 'messageNotFound' | 'validation',
  ) {
    super(message);
  }
}

export class FakeChatServer {
  private readonly users = new Map<string, User>();
  private readonly chats = new Map<string, Chat>();
  private readonly members = new Map<string, Member>();
  private readonly devices: FakeDevice[] = [];
  private readonly blocks = new Set<string>();
  private nextChatId = 100;
  private nextMsgId = 5000;
  private clock: number;

  constructor(start = 1_700_000_000_000) {
    this.clock = start;
  }

  private now(): number {
    this.clock += 1000;
    return this.clock;
  }

  addUser(userId: string, nickName: string): void {
    this.users.set(userId, { userId, nickName, portrait: `/p/${userId}.png` });
  }

  /** Makes two users friends: their chat opens with the "now friends" notice (read by both). */
  befriend(a: string, b: string): string {
    const chat = this.ensureChat(a, b);
    const message = this.store(chat, null, null, MsgType.ALERT, {
      code: 'nowFriends',
      text: ALERT_TEXT.nowFriends,
      params: {},
    });
    for (const userId of chat.members) this.member(chat.chatId, userId).readSeq = message.seq;
    this.deliver(chat, message);
    return chat.chatId;
  }

  /** `blocker` blocks `blocked`: sends between them are refused. */
  block(blocker: string, blocked: string): void {
    this.blocks.add(`${blocker}>${blocked}`);
  }

  /** `ownerId` makes a group with others; its chat opens with the "created" notice. */
  createGroup(ownerId: string, others: readonly string[], name: string): { groupId: string; chatId: string } {
    const chatId = String(this.nextChatId++);
    const group: Group = {
      groupId: String(Number(chatId) + 9000),
      name,
      dismissed: false,
      former: new Set(),
      nicks: new Map(),
    };
    const chat: Chat = { chatId, members: [ownerId, ...others], messages: [], createTime: this.now(), group };
    this.chats.set(chatId, chat);
    for (const userId of chat.members) this.join(chat, userId);
    const names = others.map((userId) => this.users.get(userId)?.nickName ?? userId).join(', ');
    this.alert(chat, 'groupCreated', { name: this.users.get(ownerId)?.nickName ?? ownerId, names });
    return { groupId: group.groupId, chatId };
  }

  setGroupNick(groupId: string, userId: string, nick: string): void {
    this.group(groupId).group?.nicks.set(userId, nick);
  }

  /** The owner removes a member: told in the chat, then the member gets nothing more. */
  removeFromGroup(groupId: string, userId: string): void {
    const chat = this.group(groupId);
    const name = this.users.get(userId)?.nickName ?? userId;
    this.alert(chat, 'groupRemoved', { name: 'Owner', names: name });
    chat.members = chat.members.filter((member) => member !== userId);
    chat.group?.former.add(userId);
    this.notifyGroup(chat, [userId], 'removed');
  }

  dismissGroup(groupId: string): void {
    const chat = this.group(groupId);
    this.alert(chat, 'groupDismissed', { name: 'Owner' });
    if (chat.group) chat.group.dismissed = true;
    this.notifyGroup(chat, chat.members, 'dismissed');
  }

  /**
   * The server's database went back to when the chat ended at `seq`: later messages are gone,
   * and new ones take their seqs again under new msgIds (what the real server's start-up guard
   * prevents; devices must cope even so).
   */
  rollBack(chatId: string, seq: number): void {
    const chat = this.chats.get(chatId);
    if (!chat) throw new Error(`no chat ${chatId}`);
    chat.messages = chat.messages.filter((m) => m.seq <= seq);
    for (const userId of chat.members) {
      const member = this.member(chatId, userId);
      member.readSeq = Math.min(member.readSeq, seq);
      member.clearedSeq = Math.min(member.clearedSeq, seq);
      member.hiddenSeq = Math.min(member.hiddenSeq, seq);
    }
  }

  /** A device of a user (its pushes and its transport). */
  device(userId: string): FakeDevice {
    const device = new FakeDevice(userId, this);
    this.devices.push(device);
    return device;
  }

  /** Acts as a user's device that is not under test (its pushes go nowhere). */
  as(userId: string): ChatTransport {
    return {
      call: async (endpoint, input) => {
        const answer = this.handle(userId, endpoint, input);
        if (answer.ok) return answer.data as never;
        throw new ApiError('business', answer.msg, 200, answer.code, answer.err);
      },
    };
  }

  /** What a user should see of a chat: its visible messages and their state. */
  view(userId: string, chatId: string): { messages: ServerMessage[]; state: ChatState } {
    const chat = this.chats.get(chatId);
    if (!chat) throw new Error(`no chat ${chatId}`);
    const m = this.member(chatId, userId);
    return {
      messages: chat.messages.filter((x) => x.seq > m.clearedSeq).map((x) => this.present(chat, x, userId)),
      state: this.state(chat, userId),
    };
  }

  chatIds(userId: string): string[] {
    return [...this.chats.values()].filter((c) => this.sees(c, userId)).map((c) => c.chatId);
  }

  /** All stored messages a user sent (any chat). */
  sentBy(userId: string): StoredMessage[] {
    return [...this.chats.values()].flatMap((c) => c.messages.filter((m) => m.senderId === userId));
  }

  // ── The endpoints ──────────────────────────────────────────────────────────
  handle<E extends Endpoint>(userId: string, endpoint: E, input: RequestOf<E>): Answer {
    try {
      const parsed = endpoint.request.safeParse(input);
      if (!parsed.success) return { ok: false, code: 400, msg: parsed.error.message, err: 'validation' };
      const data = this.route(userId, endpoint.path, parsed.data as Record<string, unknown>);
      return { ok: true, data: endpoint.response.parse(data) };
    } catch (error) {
      if (error instanceof Refusal)
        return { ok: false, code: error.code, msg: error.message, err: error.err };
      throw error;
    }
  }

  private route(userId: string, path: string, body: Record<string, unknown>): unknown {
    const str = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : undefined);
    const num = (key: string) => (typeof body[key] === 'number' ? (body[key] as number) : undefined);
    switch (path) {
      case getChatSessions.path:
        return this.sessions(userId, num('pageNum') ?? 1, num('pageSize') ?? 100);
      case getChatSession.path:
        return this.session(this.resolve(userId, str('chatId'), str('userId')), userId);
      case getChatMessages.path:
        return this.page(this.resolve(userId, str('chatId'), str('userId')), userId, body);
      case syncMessages.path:
        return this.sync(this.resolve(userId, str('chatId'), str('userId')), userId, body);
      case sendMsg.path:
        return this.send(userId, body);
      case groupSendMsg.path:
        return this.groupSend(userId, body);
      case markRead.path: {
        const chat = this.resolve(userId, str('chatId'));
        const m = this.member(chat.chatId, userId);
        const last = this.lastSeq(chat);
        const target = Math.min(num('readSeq') ?? last, last);
        const moved = target > m.readSeq;
        if (moved) m.readSeq = target;
        const state = this.state(chat, userId);
        if (moved) this.notify(userId, NoticeType.CHAT_READ, state);
        return state;
      }
      case setChatTop.path:
        return this.change(userId, str('chatId'), 'top', (m) => (m.isTop = body.isTop === 'Y' ? 'Y' : 'N'));
      case setChatDisturb.path:
        return this.change(
          userId,
          str('chatId'),
          'disturb',
          (m) => (m.isDisturb = body.isDisturb === 'Y' ? 'Y' : 'N'),
        );
      case removeChatSession.path:
        return this.change(userId, str('chatId'), 'remove', (m, last) => {
          m.hiddenSeq = last;
          m.readSeq = Math.max(m.readSeq, last);
        });
      case clearChatMessages.path:
        return this.change(userId, str('chatId'), 'clear', (m, last) => {
          m.clearedSeq = last;
          m.readSeq = Math.max(m.readSeq, last);
        });
      default:
        throw new Error(`the fake server has no ${path}`);
    }
  }

  private sessions(userId: string, pageNum: number, pageSize: number) {
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

  private session(chat: Chat, userId: string): ChatSession {
    const m = this.member(chat.chatId, userId);
    const visible = chat.messages.filter((x) => x.seq > m.clearedSeq);
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
      lastTime: chat.messages.at(-1)?.createTime ?? chat.createTime,
      lastMsg: last ? this.present(chat, last, userId) : null,
    };
  }

  private page(chat: Chat, userId: string, body: Record<string, unknown>) {
    const m = this.member(chat.chatId, userId);
    const pageSize = body.pageSize as number;
    const pageNum = body.pageNum as number;
    const last = this.lastSeq(chat);
    let before: number;
    if (typeof body.lastMsgId === 'string' && body.lastMsgId) {
      const anchor = chat.messages.find((x) => x.msgId === body.lastMsgId);
      if (!anchor || anchor.seq <= m.clearedSeq)
        throw new Refusal(404, 'message not found', 'messageNotFound');
      before = anchor.seq;
    } else {
      before = last - (pageNum - 1) * pageSize + 1;
    }
    const rows = chat.messages.filter((x) => x.seq < before && x.seq > m.clearedSeq).slice(-pageSize);
    const total = Math.max(0, last - m.clearedSeq);
    const oldest = rows[0];
    return {
      list: rows.map((x) => this.present(chat, x, userId)),
      total,
      pageNum,
      pageSize,
      pages: Math.ceil(total / pageSize),
      chatId: chat.chatId,
      hasMore: oldest !== undefined && oldest.seq > m.clearedSeq + 1,
      lastSeq: last,
      readSeq: m.readSeq,
      clearedSeq: m.clearedSeq,
    };
  }

  private sync(chat: Chat, userId: string, body: Record<string, unknown>) {
    const m = this.member(chat.chatId, userId);
    const after = Math.max(body.afterSeq as number, m.clearedSeq);
    const limit = body.limit as number;
    const rows = chat.messages.filter((x) => x.seq > after).slice(0, limit + 1);
    const hasMore = rows.length > limit;
    const page = hasMore ? rows.slice(0, limit) : rows;
    return {
      chatId: chat.chatId,
      list: page.map((x) => this.present(chat, x, userId)),
      lastSeq: this.lastSeq(chat),
      hasMore,
    };
  }

  private send(userId: string, body: Record<string, unknown>): SendMsgResult {
    const to = body.userId as string;
    return this.accept(userId, body, () => {
      if (this.blocks.has(`${userId}>${to}`)) return SendStatus.USER_BLOCKED;
      if (this.blocks.has(`${to}>${userId}`)) return SendStatus.BLOCKED_BY_USER;
      return this.findChat(userId, to) ?? SendStatus.NOT_FRIENDS;
    });
  }

  private groupSend(userId: string, body: Record<string, unknown>): SendMsgResult {
    return this.accept(userId, body, () => {
      const chat = this.group(body.groupId as string);
      if (chat.group?.dismissed) return SendStatus.GROUP_DISMISSED;
      return chat.members.includes(userId) ? chat : SendStatus.NOT_GROUP_MEMBER;
    });
  }

  /** A send: a repeat answers the original; `target` names the chat, or why it is refused. */
  private accept(
    userId: string,
    body: Record<string, unknown>,
    target: () => Chat | Exclude<SendStatus, '0'>,
  ): SendMsgResult {
    const clientMsgId = typeof body.clientMsgId === 'string' ? body.clientMsgId : null;
    const original = clientMsgId === null ? undefined : this.findByClientId(userId, clientMsgId);
    if (original) return this.sent(original.chat, original.message, true);
    const chat = target();
    if (typeof chat === 'string') return this.refuse(chat, clientMsgId);
    const parsed = OutgoingMessage.parse({ msgType: body.msgType, content: body.content });
    const message = this.store(
      chat,
      userId,
      clientMsgId,
      parsed.msgType,
      parsed.content as Record<string, unknown>,
    );
    this.member(chat.chatId, userId).readSeq = message.seq;
    this.deliver(chat, message);
    return this.sent(chat, message, false);
  }

  private refuse(status: Exclude<SendStatus, '0'>, clientMsgId: string | null): SendMsgResult {
    return refusedSend(status, clientMsgId ?? '');
  }

  private sent(chat: Chat, message: StoredMessage, duplicate: boolean): SendMsgResult {
    return {
      status: SendStatus.OK,
      statusLabel: '',
      statusCode: 'ok',
      msgId: message.msgId,
      seq: message.seq,
      chatId: chat.chatId,
      clientMsgId: message.clientMsgId ?? '',
      createTime: message.createTime,
      duplicate,
    };
  }

  private change(
    userId: string,
    chatId: string | undefined,
    change: 'top' | 'disturb' | 'remove' | 'clear',
    apply: (m: Member, lastSeq: number) => void,
  ): ChatState {
    const chat = this.resolve(userId, chatId);
    apply(this.member(chat.chatId, userId), this.lastSeq(chat));
    const state = this.state(chat, userId);
    this.notify(userId, NoticeType.CHAT_UPDATED, { ...state, change });
    return state;
  }

  // ── Storage and pushes ─────────────────────────────────────────────────────
  private ensureChat(a: string, b: string): Chat {
    const existing = this.findChat(a, b);
    if (existing) return existing;
    const chatId = String(this.nextChatId++);
    const chat: Chat = { chatId, members: [a, b], messages: [], createTime: this.now() };
    this.chats.set(chatId, chat);
    for (const userId of chat.members) this.join(chat, userId);
    return chat;
  }

  private join(chat: Chat, userId: string): void {
    this.members.set(`${chat.chatId}:${userId}`, {
      readSeq: 0,
      clearedSeq: 0,
      hiddenSeq: 0,
      isTop: 'N',
      isDisturb: 'N',
    });
  }

  private findChat(a: string, b: string): Chat | undefined {
    for (const chat of this.chats.values())
      if (!chat.group && chat.members.includes(a) && chat.members.includes(b) && a !== b) return chat;
    return undefined;
  }

  /** Whether the user may see the chat (a former group member still may, read-only). */
  private sees(chat: Chat, userId: string): boolean {
    return chat.members.includes(userId) || (chat.group?.former.has(userId) ?? false);
  }

  private findByClientId(userId: string, clientMsgId: string) {
    for (const chat of this.chats.values())
      for (const message of chat.messages)
        if (message.senderId === userId && message.clientMsgId === clientMsgId) return { chat, message };
    return undefined;
  }

  private resolve(userId: string, chatId?: string, peerId?: string): Chat {
    const chat =
      chatId !== undefined ? this.chats.get(chatId) : peerId ? this.findChat(userId, peerId) : undefined;
    if (!chat || !this.sees(chat, userId)) throw new Refusal(404, 'chat not found', 'chatNotFound');
    return chat;
  }

  private member(chatId: string, userId: string): Member {
    const m = this.members.get(`${chatId}:${userId}`);
    if (!m) throw new Error(`no member ${userId} in ${chatId}`);
    return m;
  }

  private lastSeq(chat: Chat): number {
    return chat.messages.length;
  }

  private state(chat: Chat, userId: string): ChatState {
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
    };
  }

  private store(
    chat: Chat,
    senderId: string | null,
    clientMsgId: string | null,
    msgType: MsgType,
    content: Record<string, unknown>,
  ): StoredMessage {
    const message: StoredMessage = {
      msgId: String(this.nextMsgId++),
      seq: chat.messages.length + 1,
      senderId,
      clientMsgId,
      msgType,
      content,
      createTime: this.now(),
    };
    chat.messages.push(message);
    return message;
  }

  private present(chat: Chat, x: StoredMessage, viewerId: string): ServerMessage {
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
    };
  }

  /** Who a chat is with, for a viewer: the other friend, or the group. */
  private partyFor(chat: Chat, viewerId: string) {
    if (chat.group)
      return { userId: chat.group.groupId, nickName: chat.group.name, portrait: '', userType: 'group' };
    const other = this.users.get(this.peerOf(chat, viewerId)) as User;
    return { userId: other.userId, nickName: other.nickName, portrait: other.portrait, userType: 'user' };
  }

  /** The other friend of a one-to-one chat. */
  private peerOf(chat: Chat, userId: string): string {
    return chat.members.find((member) => member !== userId) ?? userId;
  }

  private group(groupId: string): Chat {
    for (const chat of this.chats.values()) if (chat.group?.groupId === groupId) return chat;
    throw new Refusal(404, 'group not found', 'chatNotFound');
  }

  private groupStatus(group: Group, userId: string): 'ACTIVE' | 'LEFT' | 'DISMISSED' {
    if (group.dismissed) return 'DISMISSED';
    return group.former.has(userId) ? 'LEFT' : 'ACTIVE';
  }

  /** A system notice in a group chat (read by everyone, as the server stores them). */
  private alert(
    chat: Chat,
    code: 'groupCreated' | 'groupRemoved' | 'groupDismissed',
    params: Record<string, string>,
  ) {
    const message = this.store(chat, null, null, MsgType.ALERT, { code, text: ALERT_TEXT[code], params });
    for (const userId of chat.members) this.member(chat.chatId, userId).readSeq = message.seq;
    this.deliver(chat, message);
  }

  private notifyGroup(chat: Chat, userIds: readonly string[], change: GroupChange): void {
    const groupId = chat.group?.groupId ?? '';
    for (const userId of userIds)
      this.notify(userId, NoticeType.GROUP_CHANGED, { groupId, chatId: chat.chatId, change });
  }

  private deliver(chat: Chat, message: StoredMessage): void {
    const sender = message.senderId === null ? undefined : this.users.get(message.senderId);
    for (const viewerId of chat.members) {
      const party = this.partyFor(chat, viewerId);
      const push: MsgPush = {
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
      for (const device of this.devices) if (device.userId === viewerId) device.push(structuredClone(push));
    }
  }

  private notify<T extends NoticeType>(userId: string, noticeType: T, content: NoticeContent<T>): void {
    const push = noticePush(noticeType, content, this.now());
    for (const device of this.devices) if (device.userId === userId) device.push(structuredClone(push));
  }
}

/**
 * An in-memory server with the chat endpoints' semantics (protocol chats.ts), for tests of the
 * engine and of screens built on it: per-chat seqs without gaps (but for the empty seqs a
 * restore leaves, `skipSeqs`), sends idempotent by (sender, clientMsgId), read / cleared /
 * hidden positions per member, pushes to every device of every member, notices of a member's
 * own changes to all their devices. Group chats (protocol groups.ts) are made, left and
 * dismissed by the test, and sent to through `/group/sendMsg`; what a former member may still
 * read is not modelled.
 *
 * Each device has a transport (what the engine calls) and a push queue the test delivers,
 * drops or repeats. Requests and answers are checked against the protocol's schemas, so an
 * engine that sends a request the real server would refuse fails here too. Not for the app.
 */
import {
  ALERT_TEXT,
  isReactable,
  MsgType,
  NoticeType,
  noticePush,
  OutgoingMessage,
  QUOTE_SNIPPET_MAX,
  refusedSend,
  SendStatus,
  clipRanges,
  clearChatMessages,
  deletedSeqs,
  getChatMessages,
  getChatSession,
  getChatSessions,
  groupSendMsg,
  markRead,
  reactMsg,
  recallMsg,
  removeChatSession,
  sendMsg,
  setChatDisturb,
  setChatTop,
  syncMessages,
  type ChatState,
  type Endpoint,
  type GroupChange,
  type NoticeContent,
  type RequestOf,
  type SendMsgResult,
  type ServerMessage,
} from '@paichat/protocol';
import { ApiError } from '../../../api/request';
import type { ChatTransport } from '../transport';
import {
  FakeChatViews,
  Refusal,
  type Answer,
  type Chat,
  type Group,
  type Member,
  type StoredMessage,
  type User,
} from './fakeChatData';
import { FakeDevice } from './fakeDevice';

export { FakeDevice, type CallFailure } from './fakeDevice';

export class FakeChatServer {
  private readonly users = new Map<string, User>();
  private readonly chats = new Map<string, Chat>();
  private readonly members = new Map<string, Member>();
  private readonly views = new FakeChatViews(this.users, this.chats, this.members);
  private readonly devices: FakeDevice[] = [];
  private readonly blocks = new Set<string>();
  /** Seqs each user deleted for themselves, by `${userId}:${chatId}` (answered as a count and a list). */
  private readonly deletions = new Map<string, Set<number>>();
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
    for (const userId of chat.members) this.views.member(chat.chatId, userId).readSeq = message.seq;
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
    const chat: Chat = {
      chatId,
      members: [ownerId, ...others],
      messages: [],
      emptySeqs: [],
      createTime: this.now(),
      group,
    };
    this.chats.set(chatId, chat);
    for (const userId of chat.members) this.join(chat, userId);
    const names = others.map((userId) => this.users.get(userId)?.nickName ?? userId).join(', ');
    this.alert(chat, 'groupCreated', { name: this.users.get(ownerId)?.nickName ?? ownerId, names });
    return { groupId: group.groupId, chatId };
  }

  setGroupNick(groupId: string, userId: string, nick: string): void {
    this.views.group(groupId).group?.nicks.set(userId, nick);
  }

  /** The owner removes a member: told in the chat, then the member gets nothing more. */
  removeFromGroup(groupId: string, userId: string): void {
    const chat = this.views.group(groupId);
    const name = this.users.get(userId)?.nickName ?? userId;
    this.alert(chat, 'groupRemoved', { name: 'Owner', names: name });
    chat.members = chat.members.filter((member) => member !== userId);
    chat.group?.former.add(userId);
    this.notifyGroup(chat, [userId], 'removed');
  }

  dismissGroup(groupId: string): void {
    const chat = this.views.group(groupId);
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
    chat.emptySeqs = clipRanges(chat.emptySeqs, 1, seq);
    for (const userId of chat.members) {
      const member = this.views.member(chatId, userId);
      member.readSeq = Math.min(member.readSeq, seq);
      member.clearedSeq = Math.min(member.clearedSeq, seq);
      member.hiddenSeq = Math.min(member.hiddenSeq, seq);
    }
  }

  /**
   * The server started again on a database `by` message ids behind its mark (the real guard,
   * modules/chats/rollback.ts): every chat's seqs continue `by` further on, the skipped ones
   * empty. Members' read positions and removals move along, and a clear that had reached the
   * chat's newest seq; a former group member's view stays where it ended.
   */
  skipSeqs(by: number): void {
    for (const chat of this.chats.values()) {
      const last = this.views.lastSeq(chat);
      for (const userId of chat.members) {
        const member = this.views.member(chat.chatId, userId);
        member.readSeq += by;
        member.hiddenSeq += by;
        if (member.clearedSeq >= last) member.clearedSeq += by;
      }
      chat.emptySeqs.push({ fromSeq: last + 1, toSeq: last + by });
    }
  }

  /**
   * The user deleted these seqs for themselves on a device not under test whose notice never
   * reached the others (they were away): the server knows, the devices must catch up.
   */
  deleteFor(userId: string, chatId: string, seqs: readonly number[]): void {
    const key = `${userId}:${chatId}`;
    const deleted = this.deletions.get(key) ?? new Set<number>();
    for (const seq of seqs) deleted.add(seq);
    this.deletions.set(key, deleted);
  }

  private deletedBy(userId: string, chatId: string): number[] {
    return [...(this.deletions.get(`${userId}:${chatId}`) ?? [])].sort((a, b) => a - b);
  }

  private withDeletions<T extends { chatId: string }>(userId: string, session: T): T & { deletions: number } {
    return { ...session, deletions: this.deletedBy(userId, session.chatId).length };
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
    const m = this.views.member(chatId, userId);
    return {
      messages: chat.messages
        .filter((x) => x.seq > m.clearedSeq)
        .map((x) => this.views.present(chat, x, userId)),
      state: this.views.state(chat, userId),
    };
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
      case getChatSessions.path: {
        const page = this.views.sessions(userId, num('pageNum') ?? 1, num('pageSize') ?? 100);
        return { ...page, list: page.list.map((session) => this.withDeletions(userId, session)) };
      }
      case getChatSession.path:
        return this.withDeletions(
          userId,
          this.views.session(this.views.resolve(userId, str('chatId'), str('userId')), userId),
        );
      case deletedSeqs.path: {
        const chat = this.views.resolve(userId, str('chatId'));
        return { chatId: chat.chatId, seqs: this.deletedBy(userId, chat.chatId) };
      }
      case getChatMessages.path:
        return this.views.page(this.views.resolve(userId, str('chatId'), str('userId')), userId, body);
      case syncMessages.path:
        return this.views.sync(this.views.resolve(userId, str('chatId'), str('userId')), userId, body);
      case sendMsg.path:
        return this.send(userId, body);
      case groupSendMsg.path:
        return this.groupSend(userId, body);
      case recallMsg.path:
        return this.recall(userId, str('chatId'), str('msgId'));
      case reactMsg.path:
        return this.react(userId, body);
      case markRead.path: {
        const chat = this.views.resolve(userId, str('chatId'));
        const m = this.views.member(chat.chatId, userId);
        const last = this.views.lastSeq(chat);
        const target = Math.min(num('readSeq') ?? last, last);
        const moved = target > m.readSeq;
        if (moved) m.readSeq = target;
        const state = this.views.state(chat, userId);
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

  private send(userId: string, body: Record<string, unknown>): SendMsgResult {
    const to = body.userId as string;
    return this.accept(userId, body, () => {
      if (this.blocks.has(`${userId}>${to}`)) return SendStatus.USER_BLOCKED;
      if (this.blocks.has(`${to}>${userId}`)) return SendStatus.BLOCKED_BY_USER;
      return this.views.findChat(userId, to) ?? SendStatus.NOT_FRIENDS;
    });
  }

  private groupSend(userId: string, body: Record<string, unknown>): SendMsgResult {
    return this.accept(userId, body, () => {
      const chat = this.views.group(body.groupId as string);
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
    const original = clientMsgId === null ? undefined : this.views.findByClientId(userId, clientMsgId);
    if (original) return this.sent(original.chat, original.message, true);
    const chat = target();
    if (typeof chat === 'string') return this.refuse(chat, clientMsgId);
    const parsed = OutgoingMessage.parse({ msgType: body.msgType, content: body.content });
    const message = this.store(
      chat,
      userId,
      clientMsgId,
      parsed.msgType,
      this.withQuote(chat, parsed.content as Record<string, unknown>),
    );
    this.views.member(chat.chatId, userId).readSeq = message.seq;
    const { mentions, mentionAll } = message.content as { mentions?: string[]; mentionAll?: boolean };
    for (const member of chat.members)
      if (member !== userId && (mentionAll || mentions?.includes(member)))
        this.views.member(chat.chatId, member).mentionSeq = message.seq;
    this.deliver(chat, message);
    return this.sent(chat, message, false);
  }

  /** A TEXT's quote frozen from its original, as the real server does (its refusals are its tests'). */
  private withQuote(chat: Chat, content: Record<string, unknown>): Record<string, unknown> {
    const quote = content.quote as { msgId: string } | undefined;
    const original = quote && chat.messages.find((m) => m.msgId === quote.msgId);
    if (!original) return content;
    const text = original.msgType === MsgType.TEXT ? String(original.content.text) : '';
    return {
      ...content,
      quote: {
        msgId: original.msgId,
        seq: original.seq,
        fromId: original.senderId ?? '',
        fromName: this.users.get(original.senderId ?? '')?.nickName ?? '',
        msgType: original.msgType,
        snippet: text.slice(0, QUOTE_SNIPPET_MAX),
        recalled: false,
      },
    };
  }

  /** A sender's recall of their own message (the real server's windows and roles are its tests'). */
  private recall(userId: string, chatId: string | undefined, msgId: string | undefined): ServerMessage {
    const chat = this.views.resolve(userId, chatId);
    const target = chat.messages.find((m) => m.msgId === msgId);
    if (!target || target.msgType === MsgType.RECALLED)
      throw new Refusal(404, 'Message not found', 'messageNotFound');
    if (target.senderId !== userId)
      throw new Refusal(403, 'You can only recall your own messages', 'recallNotAllowed');
    const event = this.store(chat, userId, `recall:${target.msgId}`, MsgType.RECALL, {
      targetSeq: target.seq,
      targetMsgId: target.msgId,
    });
    target.msgType = MsgType.RECALLED;
    target.content = { byId: userId, byName: this.users.get(userId)?.nickName ?? '' };
    delete target.reactions;
    // The recaller has read it, and so has everyone who had read everything before it.
    for (const member of chat.members) {
      const m = this.views.member(chat.chatId, member);
      if (member === userId || m.readSeq === event.seq - 1) m.readSeq = event.seq;
    }
    this.deliver(chat, event);
    return this.views.present(chat, event, userId);
  }

  /** A reaction's toggle (the real server's refusals are its tests'); a repeat answers the first. */
  private react(userId: string, body: Record<string, unknown>): ServerMessage {
    const chat = this.views.resolve(userId, body.chatId as string);
    const clientMsgId = `react:${String(body.clientMsgId)}`;
    const done = this.views.findByClientId(userId, clientMsgId);
    if (done) return this.views.present(done.chat, done.message, userId);
    const target = chat.messages.find((m) => m.msgId === body.msgId);
    if (!target || !isReactable(target.msgType))
      throw new Refusal(404, 'Message not found', 'messageNotFound');
    const emoji = String(body.emoji);
    const by = target.reactions?.by ?? [];
    const on = !by.some((r) => r.userId === userId && r.emoji === emoji);
    const event = this.store(chat, userId, clientMsgId, MsgType.REACTION, {
      targetSeq: target.seq,
      targetMsgId: target.msgId,
      emoji,
      on,
    });
    const others = by.filter((r) => r.userId !== userId || r.emoji !== emoji);
    target.reactions = { seq: event.seq, by: on ? [...by, { userId, emoji }] : others };
    for (const member of chat.members) {
      const m = this.views.member(chat.chatId, member);
      if (member === userId || m.readSeq === event.seq - 1) m.readSeq = event.seq;
    }
    this.deliver(chat, event);
    return this.views.present(chat, event, userId);
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
    const chat = this.views.resolve(userId, chatId);
    apply(this.views.member(chat.chatId, userId), this.views.lastSeq(chat));
    const state = this.views.state(chat, userId);
    this.notify(userId, NoticeType.CHAT_UPDATED, { ...state, change });
    return state;
  }

  // ── Storage and pushes ─────────────────────────────────────────────────────
  private ensureChat(a: string, b: string): Chat {
    const existing = this.views.findChat(a, b);
    if (existing) return existing;
    const chatId = String(this.nextChatId++);
    const chat: Chat = { chatId, members: [a, b], messages: [], emptySeqs: [], createTime: this.now() };
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
      mentionSeq: 0,
    });
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
      seq: this.views.lastSeq(chat) + 1,
      senderId,
      clientMsgId,
      msgType,
      content,
      createTime: this.now(),
    };
    chat.messages.push(message);
    return message;
  }

  /** A system notice in a group chat (read by everyone, as the server stores them). */
  private alert(
    chat: Chat,
    code: 'groupCreated' | 'groupRemoved' | 'groupDismissed',
    params: Record<string, string>,
  ) {
    const message = this.store(chat, null, null, MsgType.ALERT, { code, text: ALERT_TEXT[code], params });
    for (const userId of chat.members) this.views.member(chat.chatId, userId).readSeq = message.seq;
    this.deliver(chat, message);
  }

  private notifyGroup(chat: Chat, userIds: readonly string[], change: GroupChange): void {
    const groupId = chat.group?.groupId ?? '';
    for (const userId of userIds)
      this.notify(userId, NoticeType.GROUP_CHANGED, { groupId, chatId: chat.chatId, change });
  }

  private deliver(chat: Chat, message: StoredMessage): void {
    for (const viewerId of chat.members) {
      const push = this.views.msgPush(chat, message, viewerId);
      for (const device of this.devices) if (device.userId === viewerId) device.push(structuredClone(push));
    }
  }

  private notify<T extends NoticeType>(userId: string, noticeType: T, content: NoticeContent<T>): void {
    const push = noticePush(noticeType, content, this.now());
    for (const device of this.devices) if (device.userId === userId) device.push(structuredClone(push));
  }
}

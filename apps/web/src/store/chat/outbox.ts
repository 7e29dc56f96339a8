/**
 * The sending half of the chat engine: the outbox, and how a send shows in its chat.
 *
 * - A new message is a row (`local_…` id = clientMsgId, 'wating') and an outbox entry, both on
 *   disk before the request leaves. `send` resolves once the first attempt is over.
 * - Sends of one chat go one after another, so they reach the server in the order written.
 * - An entry goes only when the server has the message (its answer, or its echo taken in by
 *   the engine: `delivered`) or refused it. What is left is sent again, with the same
 *   clientMsgId, after a reload and on every reconnect (`sendAll`) or a tap on the failed row
 *   (`retry`); the server answers a repeat with the original message, so nothing is sent twice.
 * - A refusal is final: the row shows 'error' and a notice row says why. No answer (offline)
 *   also shows 'error', with a "check network" notice, but the entry stays.
 * - A busy server (HTTP 503) is asked again by itself after a pause (1, 2, 4, 8 s) while the row
 *   keeps waiting; only if it is still busy then does the row fail like an unanswered send.
 *
 * The engine owns the chats; it lends this module what it needs through `OutboxHost`.
 */
import {
  ErrorId,
  MsgType,
  OutgoingMessage,
  SendStatus,
  SYSTEM_USER_ID,
  groupSendMsg,
  sendMsg,
  type ChatType,
  type RequestOf,
  type SendMsgResult,
} from '@paichat/protocol';
import { lastVisiblePreview, laterPreview, previewOf } from './chatState';
import type { Arrival } from './heldRange';
import { noticeIdFor } from './ids';
import { compareMessages, highestSeq } from './messages';
import type { Runtime } from './runtime';
import type { OutboxItem, StorageOp } from './storage';
import type { ChatTextKey, Translate } from './texts';
import { failureOf, type ChatTransport } from './transport';
import type { LocalMessage, SendType } from './types';

/** What the outbox uses of the engine. */
export interface OutboxHost {
  userId: string;
  transport: ChatTransport;
  t: Translate;
  now: () => number;
  /** Resolves after `ms` (a pause before asking a busy server again). */
  delay: (ms: number) => Promise<void>;
  newId: () => string;
  /** The signed-in user's name and portrait, for own rows. */
  profile: () => { nickName: string; portrait: string } | undefined;
  stopped: () => boolean;
  chat: (chatId: string) => Runtime | undefined;
  /** Reads a chat's rows from the device once. */
  loaded: (rt: Runtime) => Promise<void>;
  /** Marks the chat changed here, so a session answer already on its way does not undo it. */
  stamp: (rt: Runtime) => void;
  touch: (rt: Runtime) => void;
  persist: (ops: StorageOp[]) => void;
  /** Writes what changed now. */
  flush: () => Promise<void>;
  track: (task: Promise<unknown>) => void;
  report: (error: unknown) => void;
  /** Takes the server's copy of a message into its chat, like a push. */
  integrate: (rt: Runtime, incoming: LocalMessage[], arrival: Arrival) => void;
  /** Asks the server for the chat's session again (in the background). */
  refreshSession: (chatId: string) => void;
}

/** The notice a refused send shows, by the answer's statusCode (a key of the bundle). */
const REFUSAL_KEYS: Partial<Record<string, string>> = {
  [ErrorId.notFriends]: 'chat.refused.notFriends',
  [ErrorId.blockedByUser]: 'chat.refused.blockedByUser',
  [ErrorId.userBlocked]: 'chat.refused.userBlocked',
  [ErrorId.notGroupMember]: `errors.${ErrorId.notGroupMember}`,
  [ErrorId.groupDismissed]: `errors.${ErrorId.groupDismissed}`,
};

/** Asking a busy server again: this many tries in all, the first pause this long, then doubling. */
export const BUSY_TRIES = 5;
export const BUSY_PAUSE_MS = 1000;

/** Refusals that mean the user can no longer write in the group. */
const GROUP_REFUSALS: ReadonlySet<string> = new Set([
  SendStatus.NOT_GROUP_MEMBER,
  SendStatus.GROUP_DISMISSED,
]);

/** Why a row failed: a notice row (its text, or its key) to show under it; null for none. */
type Failure = { content?: unknown; notice?: LocalMessage['notice'] } | null;

const ownRow = (rt: Runtime, clientMsgId: string) =>
  rt.rows?.find((r) => r.clientMsgId === clientMsgId && r.type === 2);

/** The outbox entry of an own row: what to send again, and to whom. */
const itemOf = (rt: Runtime, row: LocalMessage, clientMsgId: string): OutboxItem => ({
  clientMsgId,
  chatId: rt.meta.chatId,
  userId: rt.meta.userId,
  msgType: row.msgType,
  content: row.content,
  createTime: row.createTime,
});

export class Outbox {
  private readonly items = new Map<string, OutboxItem>();
  /** clientMsgIds with an attempt queued or running. */
  private readonly queued = new Set<string>();
  /** Sends of one chat go one after another, so they reach the server in the order written. */
  private readonly sendChains = new Map<string, Promise<void>>();

  constructor(private readonly host: OutboxHost) {}

  /** The entries the device kept (at start, before anything is sent). */
  load(items: readonly OutboxItem[]): void {
    for (const item of items) this.items.set(item.clientMsgId, item);
  }

  /** Whether the message is still waiting for the server. */
  has(clientMsgId: string): boolean {
    return this.items.has(clientMsgId);
  }

  /** Adds the row and the outbox entry (on disk before anything leaves); `done` is the send. */
  async queueNew(chatId: string, msgType: string, content: unknown): Promise<{ done: Promise<void> }> {
    const { host } = this;
    const rt = host.chat(chatId);
    if (!rt || host.stopped()) throw new Error(`unknown chat ${chatId}`);
    const parsed = OutgoingMessage.safeParse({ msgType, content });
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'invalid message');
    await host.loaded(rt);
    // Signed out (or the page going) before it was written down: it was never accepted.
    if (host.stopped()) throw new Error('chat engine stopped');
    const clientMsgId = host.newId();
    const me = host.profile();
    const row: LocalMessage = {
      id: clientMsgId,
      clientMsgId,
      chatId,
      fromId: host.userId,
      toId: rt.meta.userId,
      msgType: parsed.data.msgType,
      content: parsed.data.content,
      createTime: host.now(),
      type: 2,
      nickName: me?.nickName ?? '',
      portrait: me?.portrait ?? '',
      sendtype: 'wating',
      afterSeq: Math.max(rt.meta.lastSeq, highestSeq(rt.rows ?? [])),
    };
    const item = itemOf(rt, row, clientMsgId);
    this.items.set(clientMsgId, item);
    rt.rows = [...(rt.rows ?? []), row].sort(compareMessages);
    rt.meta = { ...rt.meta, hiddenSeq: null, preview: laterPreview(rt.meta.preview, previewOf(row)) };
    host.stamp(rt);
    host.persist([
      { op: 'putMessage', chatId, message: row },
      { op: 'putOutbox', item },
    ]);
    host.touch(rt);
    await host.flush();
    return { done: this.enqueueSend(item) };
  }

  /** Sends a failed row again, with the same clientMsgId (back into the outbox if it had left). */
  async retry(chatId: string, localId: string): Promise<void> {
    const { host } = this;
    const rt = host.chat(chatId);
    if (!rt || host.stopped()) return;
    await host.loaded(rt);
    const row = rt.rows?.find((r) => r.id === localId || r.clientMsgId === localId);
    if (!row || row.type !== 2 || row.sendtype !== 'error' || !row.clientMsgId) return;
    let item = this.items.get(row.clientMsgId);
    if (!item) {
      item = itemOf(rt, row, row.clientMsgId);
      this.items.set(item.clientMsgId, item);
      host.persist([{ op: 'putOutbox', item }]);
    }
    this.setSendtype(rt, row.clientMsgId, 'wating');
    await host.flush();
    await this.enqueueSend(item);
  }

  /** Everything still waiting, oldest first (a reconnect). */
  async sendAll(): Promise<void> {
    const items = [...this.items.values()].sort((a, b) => a.createTime - b.createTime);
    await Promise.all(items.map((item) => this.enqueueSend(item)));
  }

  /** The server has the message (or refused it): its entry goes. */
  delivered(clientMsgId: string): void {
    if (!this.items.delete(clientMsgId)) return;
    this.host.persist([{ op: 'deleteOutbox', clientMsgId }]);
  }

  private enqueueSend(item: OutboxItem): Promise<void> {
    const chain = this.sendChains.get(item.chatId) ?? Promise.resolve();
    if (this.queued.has(item.clientMsgId)) return chain;
    this.queued.add(item.clientMsgId);
    const next = chain
      .then(() => this.attempt(item))
      .catch((error: unknown) => this.host.report(error))
      .finally(() => this.queued.delete(item.clientMsgId));
    this.sendChains.set(item.chatId, next);
    this.host.track(next);
    return next;
  }

  private async attempt(item: OutboxItem): Promise<void> {
    const { host } = this;
    const cid = item.clientMsgId;
    if (host.stopped() || !this.items.has(cid)) return;
    const rt = host.chat(item.chatId);
    if (!rt) {
      this.delivered(cid);
      return;
    }
    await host.loaded(rt);
    if (ownRow(rt, cid)?.sendtype === 'success') {
      this.delivered(cid);
      return;
    }
    this.setSendtype(rt, cid, 'wating');
    let answer: SendMsgResult;
    try {
      answer = await this.sendUnlessBusy(rt.meta.chatType, item);
    } catch (error) {
      if (host.stopped() || !this.items.has(cid)) return; // the echo came first: it went through
      const failure = failureOf(error);
      if (failure.kind === 'business') {
        // The server refused the request itself: sending it again will not help.
        this.delivered(cid);
        this.failRow(rt, cid, { content: { text: failure.message } });
      } else {
        // No answer: it stays in the outbox and goes again on the next reconnect (or a tap).
        this.failRow(rt, cid, failure.kind === 'expired' ? null : { notice: { key: 'chat.sendFailed' } });
      }
      return;
    }
    if (host.stopped()) return;
    if (answer.status === SendStatus.OK) {
      const row = ownRow(rt, cid);
      const me = host.profile();
      const sent: LocalMessage = {
        id: answer.msgId,
        msgId: answer.msgId,
        clientMsgId: cid,
        chatId: item.chatId,
        seq: answer.seq,
        fromId: host.userId,
        toId: item.userId,
        msgType: item.msgType as MsgType,
        content: row?.content ?? item.content,
        createTime: answer.createTime,
        type: 2,
        nickName: row?.nickName ?? me?.nickName ?? '',
        portrait: row?.portrait ?? me?.portrait ?? '',
        sendtype: 'success',
      };
      host.integrate(rt, [sent], { kind: 'live' });
      this.delivered(cid);
      return;
    }
    this.delivered(cid);
    const key = REFUSAL_KEYS[answer.statusCode];
    this.failRow(rt, cid, { content: { text: answer.statusLabel }, ...(key ? { notice: { key } } : {}) });
    // Removed or dismissed meanwhile: the session tells which, and the chat turns read-only.
    if (GROUP_REFUSALS.has(answer.status)) host.refreshSession(item.chatId);
  }

  /** The send, asked again after a pause while the server answers that it is busy (up to BUSY_TRIES). */
  private async sendUnlessBusy(chatType: ChatType, item: OutboxItem): Promise<SendMsgResult> {
    for (let tries = 1; ; tries += 1) {
      try {
        return await this.sendRequest(chatType, item);
      } catch (error) {
        if (failureOf(error).kind !== 'busy' || tries >= BUSY_TRIES) throw error;
        await this.host.delay(BUSY_PAUSE_MS * 2 ** (tries - 1));
        // Signed out meanwhile, or its echo came: the caller sees the error and stops there.
        if (this.host.stopped() || !this.items.has(item.clientMsgId)) throw error;
      }
    }
  }

  /** The send itself: `/group/sendMsg` for a group chat, `/chat/sendMsg` for a friend. */
  private sendRequest(chatType: ChatType, item: OutboxItem): Promise<SendMsgResult> {
    const message = { msgType: item.msgType, content: item.content, clientMsgId: item.clientMsgId };
    if (chatType === 'GROUP') {
      const body = { groupId: item.userId, ...message } as RequestOf<typeof groupSendMsg>;
      return this.host.transport.call(groupSendMsg, body);
    }
    const body = { userId: item.userId, ...message } as RequestOf<typeof sendMsg>;
    return this.host.transport.call(sendMsg, body);
  }

  private setSendtype(rt: Runtime, clientMsgId: string, sendtype: SendType): void {
    const rows = rt.rows;
    if (!rows) return;
    const index = rows.findIndex(
      (r) => r.clientMsgId === clientMsgId && r.type === 2 && r.msgId === undefined,
    );
    const row = rows[index];
    if (!row || row.sendtype === sendtype) return;
    const next = { ...row, sendtype };
    rt.rows = rows.map((r, i) => (i === index ? next : r));
    this.rowChanged(rt, next);
  }

  /** The row shows 'error'; a notice (one per message, replaced) says why. */
  private failRow(rt: Runtime, clientMsgId: string, notice: Failure): void {
    this.setSendtype(rt, clientMsgId, 'error');
    const row = ownRow(rt, clientMsgId);
    if (!notice || !row || !rt.rows) return;
    const id = noticeIdFor(clientMsgId);
    const text = notice.notice ? this.host.t(notice.notice.key as ChatTextKey) : '';
    const noticeRow: LocalMessage = {
      id,
      chatId: rt.meta.chatId,
      fromId: SYSTEM_USER_ID,
      toId: '',
      msgType: MsgType.ALERT,
      content: notice.content ?? { text },
      createTime: row.createTime,
      type: 3,
      nickName: '',
      portrait: '',
      afterSeq: row.afterSeq ?? 0,
    };
    if (notice.notice) noticeRow.notice = notice.notice;
    rt.rows = [...rt.rows.filter((r) => r.id !== id), noticeRow].sort(compareMessages);
    this.rowChanged(rt, noticeRow);
  }

  /** A row of the chat changed or came: stored, the preview follows, React is told. */
  private rowChanged(rt: Runtime, message: LocalMessage): void {
    rt.meta = { ...rt.meta, preview: laterPreview(rt.meta.preview, lastVisiblePreview(rt.rows ?? [])) };
    this.host.persist([{ op: 'putMessage', chatId: rt.meta.chatId, message }]);
    this.host.touch(rt);
  }
}

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
 * The entries themselves are kept by the ChatStore (with the chats they belong to); this
 * module sends them, and changes their rows through the store like every other part.
 */
import {
  ErrorId,
  MsgType,
  SendStatus,
  SYSTEM_USER_ID,
  groupSendMsg,
  sendMsg,
  type ChatType,
  type RequestOf,
  type SendMsgResult,
} from '@paichat/protocol';
import { lazyModule } from '../../lib/lazyModule';
import { lastVisiblePreview, laterPreview, previewOf } from './chatState';
import { stoppedError, type ChatContext } from './context';
import { noticeIdFor } from './ids';
import { compareMessages, highestSeq, specFields } from './messages';
import type { Runtime } from './runtime';
import type { OutboxItem } from './storage';
import type { ChatTextKey } from './texts';
import { failureOf } from './transport';
import type { LocalMessage, SendType } from './types';

/** What the outbox needs besides the engine's shared parts. */
export interface OutboxOptions {
  userId: string;
  /** Resolves after `ms` (a pause before asking a busy server again). */
  delay: (ms: number) => Promise<void>;
  newId: () => string;
  /** The signed-in user's name and portrait, for own rows. */
  profile: () => { nickName: string; portrait: string } | undefined;
}

/** A new message is checked with the protocol's schema, loaded off the first page's path (zod). */
const outgoingSchema = lazyModule(() => import('@paichat/protocol').then((m) => m.OutgoingMessage));

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
  /** clientMsgIds with an attempt queued or running. */
  private readonly queued = new Set<string>();
  /** Sends of one chat go one after another, so they reach the server in the order written. */
  private readonly sendChains = new Map<string, Promise<void>>();

  constructor(
    private readonly ctx: ChatContext,
    private readonly options: OutboxOptions,
  ) {}

  /** Adds the row and the outbox entry (on disk before anything leaves); `done` is the send. */
  async queueNew(chatId: string, msgType: string, content: unknown): Promise<{ done: Promise<void> }> {
    const { store, now } = this.ctx;
    const rt = store.chat(chatId);
    if (!rt || store.stopped) throw new Error(`unknown chat ${chatId}`);
    const parsed = (await outgoingSchema.load()).safeParse({ msgType, content });
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'invalid message');
    await store.loaded(rt);
    // Signed out (or the page going) before it was written down: it was never accepted.
    if (store.stopped) throw stoppedError();
    const clientMsgId = this.options.newId();
    const me = this.options.profile();
    const createTime = now();
    const row: LocalMessage = {
      id: clientMsgId,
      clientMsgId,
      chatId,
      fromId: this.options.userId,
      toId: rt.meta.userId,
      msgType: parsed.data.msgType,
      content: parsed.data.content,
      createTime,
      type: 2,
      nickName: me?.nickName ?? '',
      portrait: me?.portrait ?? '',
      ...specFields(this.options.userId, rt.meta.chatType, createTime),
      sendtype: 'wating',
      afterSeq: Math.max(rt.meta.lastSeq, highestSeq(rt.rows ?? [])),
    };
    const item = itemOf(rt, row, clientMsgId);
    rt.rows = [...(rt.rows ?? []), row].sort(compareMessages);
    store.persist([{ op: 'putMessage', chatId, message: row }]);
    store.addUnsent(item);
    store.stamp(rt);
    store.update(rt, { hiddenSeq: null, preview: laterPreview(rt.meta.preview, previewOf(row)) });
    await store.flush();
    return { done: this.enqueueSend(item) };
  }

  /** Sends a failed row again, with the same clientMsgId (back into the outbox if it had left). */
  async retry(chatId: string, localId: string): Promise<void> {
    const { store } = this.ctx;
    const rt = store.chat(chatId);
    if (!rt || store.stopped) return;
    await store.loaded(rt);
    const row = rt.rows?.find((r) => r.id === localId || r.clientMsgId === localId);
    if (!row || row.type !== 2 || row.sendtype !== 'error' || !row.clientMsgId) return;
    let item = store.unsentItem(row.clientMsgId);
    if (!item) {
      item = itemOf(rt, row, row.clientMsgId);
      store.addUnsent(item);
    }
    this.setSendtype(rt, row.clientMsgId, 'wating');
    await store.flush();
    await this.enqueueSend(item);
  }

  /** Everything still waiting, oldest first (a reconnect). */
  async sendAll(): Promise<void> {
    await Promise.all(this.ctx.store.unsentItems().map((item) => this.enqueueSend(item)));
  }

  private enqueueSend(item: OutboxItem): Promise<void> {
    const chain = this.sendChains.get(item.chatId) ?? Promise.resolve();
    if (this.queued.has(item.clientMsgId)) return chain;
    this.queued.add(item.clientMsgId);
    const next = chain
      .then(() => this.attempt(item))
      .catch((error: unknown) => this.ctx.store.report(error))
      .finally(() => this.queued.delete(item.clientMsgId));
    this.sendChains.set(item.chatId, next);
    this.ctx.store.track(next);
    return next;
  }

  private async attempt(item: OutboxItem): Promise<void> {
    const { store, sync } = this.ctx;
    const cid = item.clientMsgId;
    if (store.stopped || !store.isUnsent(cid)) return;
    const rt = store.chat(item.chatId);
    if (!rt) {
      store.delivered(cid);
      return;
    }
    await store.loaded(rt);
    if (ownRow(rt, cid)?.sendtype === 'success') {
      store.delivered(cid);
      return;
    }
    this.setSendtype(rt, cid, 'wating');
    let answer: SendMsgResult;
    try {
      answer = await this.sendUnlessBusy(rt.meta.chatType, item);
    } catch (error) {
      if (store.stopped || !store.isUnsent(cid)) return; // the echo came first: it went through
      const failure = failureOf(error);
      if (failure.kind === 'business') {
        // The server refused the request itself: sending it again will not help.
        store.delivered(cid);
        this.failRow(rt, cid, { content: { text: failure.message } });
      } else {
        // No answer: it stays in the outbox and goes again on the next reconnect (or a tap).
        this.failRow(rt, cid, failure.kind === 'expired' ? null : { notice: { key: 'chat.sendFailed' } });
      }
      return;
    }
    if (store.stopped) return;
    if (answer.status === SendStatus.OK) {
      const row = ownRow(rt, cid);
      const me = this.options.profile();
      const sent: LocalMessage = {
        id: answer.msgId,
        msgId: answer.msgId,
        clientMsgId: cid,
        chatId: item.chatId,
        seq: answer.seq,
        fromId: this.options.userId,
        toId: item.userId,
        msgType: item.msgType as MsgType,
        content: row?.content ?? item.content,
        createTime: answer.createTime,
        type: 2,
        nickName: row?.nickName ?? me?.nickName ?? '',
        portrait: row?.portrait ?? me?.portrait ?? '',
        ...specFields(this.options.userId, rt.meta.chatType, answer.createTime),
        sendtype: 'success',
        status: answer.status,
      };
      sync.take(rt, [sent], { kind: 'live' });
      store.delivered(cid);
      return;
    }
    store.delivered(cid);
    const key = REFUSAL_KEYS[answer.statusCode];
    this.failRow(
      rt,
      cid,
      { content: { text: answer.statusLabel }, ...(key ? { notice: { key } } : {}) },
      answer.status,
    );
    // Removed or dismissed meanwhile: the session tells which, and the chat turns read-only.
    if (GROUP_REFUSALS.has(answer.status)) store.track(sync.fetchSession({ chatId: item.chatId }));
  }

  /** The send, asked again after a pause while the server answers that it is busy (up to BUSY_TRIES). */
  private async sendUnlessBusy(chatType: ChatType, item: OutboxItem): Promise<SendMsgResult> {
    for (let tries = 1; ; tries += 1) {
      try {
        return await this.sendRequest(chatType, item);
      } catch (error) {
        if (failureOf(error).kind !== 'busy' || tries >= BUSY_TRIES) throw error;
        await this.options.delay(BUSY_PAUSE_MS * 2 ** (tries - 1));
        // Signed out meanwhile, or its echo came: the caller sees the error and stops there.
        if (this.ctx.store.stopped || !this.ctx.store.isUnsent(item.clientMsgId)) throw error;
      }
    }
  }

  /** The send itself: `/group/sendMsg` for a group chat, `/chat/sendMsg` for a friend. */
  private sendRequest(chatType: ChatType, item: OutboxItem): Promise<SendMsgResult> {
    const message = { msgType: item.msgType, content: item.content, clientMsgId: item.clientMsgId };
    if (chatType === 'GROUP') {
      const body = { groupId: item.userId, ...message } as RequestOf<typeof groupSendMsg>;
      return this.ctx.transport.call(groupSendMsg, body);
    }
    const body = { userId: item.userId, ...message } as RequestOf<typeof sendMsg>;
    return this.ctx.transport.call(sendMsg, body);
  }

  /** The own row's sendtype, and the server's status when it answered one. */
  private setSendtype(rt: Runtime, clientMsgId: string, sendtype: SendType, status?: SendStatus): void {
    const rows = rt.rows;
    if (!rows) return;
    const index = rows.findIndex(
      (r) => r.clientMsgId === clientMsgId && r.type === 2 && r.msgId === undefined,
    );
    const row = rows[index];
    if (!row || (row.sendtype === sendtype && (!status || row.status === status))) return;
    const next = { ...row, sendtype, ...(status ? { status } : {}) };
    rt.rows = rows.map((r, i) => (i === index ? next : r));
    this.rowChanged(rt, next);
  }

  /** The row shows 'error'; a notice (one per message, replaced) says why. */
  private failRow(rt: Runtime, clientMsgId: string, notice: Failure, status?: SendStatus): void {
    this.setSendtype(rt, clientMsgId, 'error', status);
    const row = ownRow(rt, clientMsgId);
    if (!notice || !row || !rt.rows) return;
    const id = noticeIdFor(clientMsgId);
    const text = notice.notice ? this.ctx.t(notice.notice.key as ChatTextKey) : '';
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
      ...specFields(SYSTEM_USER_ID, rt.meta.chatType, row.createTime),
      afterSeq: row.afterSeq ?? 0,
    };
    if (notice.notice) noticeRow.notice = notice.notice;
    rt.rows = [...rt.rows.filter((r) => r.id !== id), noticeRow].sort(compareMessages);
    this.rowChanged(rt, noticeRow);
  }

  /** A row of the chat changed or came: stored, the preview follows, React is told. */
  private rowChanged(rt: Runtime, message: LocalMessage): void {
    const { store } = this.ctx;
    store.persist([{ op: 'putMessage', chatId: rt.meta.chatId, message }]);
    store.update(rt, { preview: laterPreview(rt.meta.preview, lastVisiblePreview(rt.rows ?? [])) });
  }
}

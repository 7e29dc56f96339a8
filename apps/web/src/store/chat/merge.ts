/**
 * The pure steps of the engine: what taking server messages into a chat, dropping what the
 * server no longer has, and clearing a chat do to its rows and bookkeeping. Each answers the
 * chat as it should be next, the storage ops that make the device agree, and what the caller
 * still has to do (outbox entries now delivered, a session to ask for again). Nothing here
 * reads a clock, the network or the store, so every rule is testable on plain values.
 */
import { MsgType } from '@paichat/protocol';
import { lastVisiblePreview, laterPreview } from './chatState';
import { nextHeldRange, type Arrival } from './heldRange';
import { noticeIdFor } from './ids';
import { advanceHeld, mergeMessages, orderKey, seqConflict, seqsOf } from './messages';
import { applyReactions } from './reactions';
import { applyRecalls } from './recall';
import type { StorageOp, StoredChat } from './storage';
import type { LocalMessage } from './types';

/** A chat's bookkeeping and its loaded rows. */
export interface ChatData {
  meta: StoredChat;
  rows: readonly LocalMessage[];
}

/** A step's answer: the chat as it is now, and the writes that record it. */
export interface ChatChange {
  meta: StoredChat;
  rows: LocalMessage[];
  ops: StorageOp[];
}

export interface Integrated extends ChatChange {
  /** Own messages the server has (or that were cleared): their outbox entries go. */
  delivered: string[];
  /** The chat held messages from this seq on that the server no longer has: ask its session again. */
  forgotFrom: number | null;
}

/**
 * Takes server messages into a chat: once each, in seq order; moves lastSeq, readSeq and the
 * held range. A seq the chat holds under another msgId first drops everything from there on.
 */
export function integrate(chat: ChatData, incoming: readonly LocalMessage[], arrival: Arrival): Integrated {
  const cleared = chat.meta.clearedSeq;
  const fresh = incoming.filter((m) => m.seq === undefined || m.seq > cleared);
  const conflict = seqConflict(chat.rows, fresh);
  const before = conflict === null ? { ...chat, rows: [...chat.rows], ops: [] } : forgetFrom(chat, conflict);
  const chatId = before.meta.chatId;
  // An own message stored and then cleared before its answer came: its row goes too.
  const gone = new Set(
    incoming
      .filter((m) => m.seq !== undefined && m.seq <= cleared && m.clientMsgId)
      .map((m) => m.clientMsgId as string),
  );
  const rows = before.rows.filter((r) => !(r.clientMsgId && gone.has(r.clientMsgId)));
  const merged = mergeMessages(rows, fresh);
  const ops: StorageOp[] = [
    ...before.ops,
    ...merged.deleted.map((id): StorageOp => ({ op: 'deleteMessage', chatId, id })),
    ...merged.put.map((message): StorageOp => ({ op: 'putMessage', chatId, message })),
  ];
  const delivered = [...gone];
  for (const clientMsgId of gone)
    ops.push(
      { op: 'deleteMessage', chatId, id: clientMsgId },
      { op: 'deleteMessage', chatId, id: noticeIdFor(clientMsgId) },
    );
  const goneNotices = new Set(delivered.map(noticeIdFor));
  const recalled = applyRecalls(
    merged.rows.filter((r) => !goneNotices.has(r.id)),
    fresh,
  );
  const reacted = applyReactions(recalled.rows, fresh);
  let next = reacted.rows;
  const changed = new Map([...recalled.changed, ...reacted.changed].map((message) => [message.id, message]));
  ops.push(...[...changed.values()].map((message): StorageOp => ({ op: 'putMessage', chatId, message })));
  const meta = { ...before.meta };

  for (const m of fresh) {
    if (m.seq === undefined) continue;
    meta.lastSeq = Math.max(meta.lastSeq, m.seq);
    // The server reads up to an own message or a notice when it stores it (unread.ts), and
    // a recall or a reaction for whoever had read everything before it.
    const event = m.msgType === MsgType.RECALL || m.msgType === MsgType.REACTION;
    const caughtUp = event && m.seq === meta.readSeq + 1;
    if (m.type !== 1 || caughtUp) meta.readSeq = Math.max(meta.readSeq, m.seq);
    // A reaction is no new message: the chat keeps its place in the list.
    if (m.msgType !== MsgType.REACTION) meta.lastTime = Math.max(meta.lastTime, m.createTime);
    if (m.type === 2 && m.clientMsgId) {
      // The server has it: out of the outbox, and a "check network" notice no longer holds.
      delivered.push(m.clientMsgId);
      const noticeId = noticeIdFor(m.clientMsgId);
      const stale = next.find((r) => r.id === noticeId && r.notice?.key === 'chat.sendFailed');
      if (stale) {
        next = next.filter((r) => r !== stale);
        ops.push({ op: 'deleteMessage', chatId, id: noticeId });
      }
    }
  }
  if (meta.pendingRead !== null && meta.readSeq >= meta.pendingRead && before.meta.readSeq < meta.readSeq) {
    // An own message read the chat on the server too.
    meta.pendingRead = null;
  }

  const arrived = fresh.filter((m) => m.seq !== undefined).map((m) => m.seq as number);
  Object.assign(meta, nextHeldRange(meta, meta.clearedSeq, arrived, arrival, seqsOf(next)));
  meta.preview = laterPreview(meta.preview, lastVisiblePreview(next));
  return { meta, rows: next, ops, delivered, forgotFrom: conflict };
}

/**
 * The chat holds messages from `seq` on that the server no longer has (seqConflict): they go,
 * with the positions that counted them.
 */
export function forgetFrom(chat: ChatData, seq: number): ChatChange {
  const isGone = (r: LocalMessage) => r.seq !== undefined && r.seq >= seq;
  const keep = chat.rows.filter((r) => !isGone(r));
  const below = (value: number) => Math.min(value, seq - 1);
  const meta = { ...chat.meta, lastSeq: below(chat.meta.lastSeq), readSeq: below(chat.meta.readSeq) };
  if (meta.heldTo !== null && meta.heldTo >= seq) meta.heldTo = seq - 1;
  // Nothing of the held range is left: the chat loads as one never opened here.
  if (meta.heldFrom !== null && meta.heldTo !== null && meta.heldFrom > meta.heldTo)
    meta.heldFrom = meta.heldTo = null;
  if (meta.pendingRead !== null && meta.pendingRead >= seq) meta.pendingRead = null;
  meta.preview = lastVisiblePreview(keep);
  const ops = chat.rows
    .filter(isGone)
    .map((r): StorageOp => ({ op: 'deleteMessage', chatId: meta.chatId, id: r.id }));
  return { meta, rows: keep, ops };
}

/** Messages up to clearedSeq are gone for this user; own rows still waiting to be sent stay. */
export function clearUpTo(
  chat: ChatData,
  clearedSeq: number,
  unsent: (clientMsgId: string) => boolean,
): ChatChange {
  const keep = chat.rows.filter((r) =>
    r.seq !== undefined
      ? r.seq > clearedSeq
      : (r.type === 2 && r.clientMsgId !== undefined && unsent(r.clientMsgId)) ||
        (r.afterSeq ?? 0) > clearedSeq,
  );
  const meta = { ...chat.meta };
  meta.clearedSeq = clearedSeq;
  meta.lastSeq = Math.max(meta.lastSeq, clearedSeq);
  meta.readSeq = Math.max(meta.readSeq, clearedSeq);
  if (meta.heldFrom === null || meta.heldFrom < clearedSeq) meta.heldFrom = clearedSeq;
  if (meta.heldTo === null || meta.heldTo < clearedSeq) meta.heldTo = clearedSeq;
  meta.heldTo = advanceHeld(meta.heldTo, seqsOf(keep));
  if (meta.heldFrom <= clearedSeq) meta.hasOlder = false;
  meta.preview = lastVisiblePreview(keep);
  if (meta.pendingRead !== null && meta.pendingRead <= clearedSeq) meta.pendingRead = null;
  // Rows placed after clearedSeq stay stored as they are (also those not read from the device).
  const ops: StorageOp[] = [
    { op: 'clearChat', chatId: meta.chatId, upTo: clearedSeq },
    ...keep
      .filter((message) => orderKey(message) <= clearedSeq)
      .map((message): StorageOp => ({ op: 'putMessage', chatId: meta.chatId, message })),
  ];
  return { meta, rows: keep, ops };
}

/** Whether the server has messages after what the chat holds. */
export const isBehind = (meta: StoredChat): boolean => meta.heldTo !== null && meta.lastSeq > meta.heldTo;

/** Whether older history may exist on the server. */
export const mayHaveOlder = (meta: StoredChat): boolean =>
  meta.heldTo === null ? meta.lastSeq > meta.clearedSeq : meta.hasOlder;

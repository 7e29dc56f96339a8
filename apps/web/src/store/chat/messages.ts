/**
 * Pure rules for a chat's messages: the local shape of a server message, the order of a
 * chat's rows, de-duplication, and the seq bookkeeping behind gap detection.
 *
 * Why merging is safe from every source. A row with a server msgId is the same message
 * whether it came from a push, a sync page, an older page or the sendMsg answer, and its
 * seq fixes its place. An own row still waiting for the server is found again by its
 * clientMsgId (the id the server de-duplicates by), so the HTTP answer and the socket echo
 * upgrade one row, whichever arrives first. Merging is therefore idempotent and order-free;
 * that is what lets an HTTP refresh run at any time without overwriting live socket data
 * (the spec's old rule "skip the HTTP refresh when the list holds socket data" guarded a
 * merge that replaced the list; this one never replaces, it unions by identity).
 */
import {
  MsgType,
  rangeHolding,
  SendStatus,
  SYSTEM_USER_ID,
  type ChatType,
  type SeqRange,
  type ServerMessage,
} from '@paichat/protocol';
import { mergedReactions } from './reactions';
import type { LocalMessage } from './types';

/** Call-start records: stored (they take a seq) but never shown (spec 4, incoming push). */
export function isCallStart(msgType: string): boolean {
  return msgType === MsgType.TRTC_VOICE_START || msgType === MsgType.TRTC_VIDEO_START;
}

/** Spec 3's fields of a local message that restate the others: its writer, its chat's kind, its time. */
export const specFields = (personId: string, chatType: ChatType, createTime: number) => ({
  personId,
  talkType: chatType,
  windowType: chatType,
  time: createTime,
});

/** Spec 3, local message, from a server message as the viewer received it. */
export function fromServer(m: ServerMessage): LocalMessage {
  const notice = m.msgType === MsgType.ALERT || m.fromId === SYSTEM_USER_ID;
  const row: LocalMessage = {
    id: m.msgId,
    msgId: m.msgId,
    chatId: m.chatId,
    seq: m.seq,
    fromId: m.fromId,
    toId: m.toId,
    msgType: m.msgType,
    content: m.content,
    createTime: m.createTime,
    type: notice ? 3 : m.isSelf ? 2 : 1,
    nickName: m.fromNickName,
    portrait: m.fromPortrait,
    ...specFields(m.fromId, m.talkType, m.createTime),
    status: SendStatus.OK,
  };
  if (m.clientMsgId) row.clientMsgId = m.clientMsgId;
  if (m.reactions) row.reactions = m.reactions;
  if (m.isSelf && !notice) row.sendtype = 'success';
  if (m.talkType === 'GROUP' && !m.isSelf && !notice) {
    row.showName = m.fromGroupNick || m.fromNickName;
    if (m.fromGroupNick) row.groupNick = m.fromGroupNick;
  }
  return row;
}

/** The viewer's remark for a user (a friend's), if they gave one. */
export type RemarkOf = (userId: string) => string | undefined;

/**
 * Spec 3 showName: a group message names its sender by their group nickname, else by the
 * viewer's remark for them, else by their nickname.
 */
export function showNameOf(
  m: Pick<LocalMessage, 'fromId' | 'groupNick' | 'nickName'>,
  remarkOf: RemarkOf,
): string {
  return m.groupNick || remarkOf(m.fromId) || m.nickName;
}

/** A row's place: a server row's seq; a local row's (no seq yet) the seq the chat held when it was written. */
export const orderKey = (m: LocalMessage): number => m.seq ?? m.afterSeq ?? 0;

/**
 * Display order: server rows by seq; a local row (no seq yet) right after the seq the chat
 * held when it was written, then by time. A sent row moves to its seq once the server answers.
 */
export function compareMessages(a: LocalMessage, b: LocalMessage): number {
  const ka = orderKey(a);
  const kb = orderKey(b);
  if (ka !== kb) return ka - kb;
  const la = a.seq === undefined ? 1 : 0;
  const lb = b.seq === undefined ? 1 : 0;
  if (la !== lb) return la - lb;
  if (a.createTime !== b.createTime) return a.createTime - b.createTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export interface MergeResult {
  rows: LocalMessage[];
  /** Rows to store (new or changed). */
  put: LocalMessage[];
  /** Ids of rows that are gone (a local row that became its server row). */
  deleted: string[];
  /** Incoming rows that were not held before (new messages, not echoes or repeats). */
  added: LocalMessage[];
}

function sameRow(a: LocalMessage, b: LocalMessage): boolean {
  return (
    a.id === b.id &&
    a.seq === b.seq &&
    a.sendtype === b.sendtype &&
    a.createTime === b.createTime &&
    a.nickName === b.nickName &&
    a.portrait === b.portrait &&
    JSON.stringify(a.content) === JSON.stringify(b.content) &&
    JSON.stringify(a.reactions) === JSON.stringify(b.reactions)
  );
}

/**
 * Merges server rows into a chat's rows: once each (by msgId, and an own row by clientMsgId),
 * in display order. Pure: the input array is not changed.
 */
export function mergeMessages(rows: readonly LocalMessage[], incoming: readonly LocalMessage[]): MergeResult {
  const out = [...rows];
  const byId = new Map<string, number>();
  const pendingByClientId = new Map<string, number>();
  out.forEach((row, i) => {
    byId.set(row.id, i);
    if (row.msgId === undefined && row.clientMsgId) pendingByClientId.set(row.clientMsgId, i);
  });
  const put: LocalMessage[] = [];
  const deleted: string[] = [];
  const added: LocalMessage[] = [];
  let dirty = false;

  for (const m of incoming) {
    const existing = m.msgId === undefined ? undefined : byId.get(m.msgId);
    if (existing !== undefined) {
      const old = out[existing] as LocalMessage;
      const next: LocalMessage = { ...old, ...m, sendtype: m.sendtype ?? old.sendtype };
      const reactions = mergedReactions(old, m);
      if (reactions) next.reactions = reactions;
      else delete next.reactions;
      if (!sameRow(old, next)) {
        out[existing] = next;
        put.push(next);
        dirty = true;
      }
      continue;
    }
    const own = m.clientMsgId === undefined ? undefined : pendingByClientId.get(m.clientMsgId);
    if (own !== undefined && m.type === 2) {
      // The server's copy of a row sent from here: same message, now with its msgId and seq.
      const old = out[own] as LocalMessage;
      const next: LocalMessage = { ...old, ...m, sendtype: 'success', afterSeq: undefined };
      delete next.afterSeq;
      out[own] = next;
      pendingByClientId.delete(m.clientMsgId as string);
      byId.delete(old.id);
      byId.set(next.id, own);
      if (old.id !== next.id) deleted.push(old.id);
      put.push(next);
      dirty = true;
      continue;
    }
    byId.set(m.id, out.length);
    out.push(m);
    put.push(m);
    added.push(m);
    dirty = true;
  }
  return { rows: dirty ? out.sort(compareMessages) : out, put, deleted, added };
}

/**
 * The lowest seq under which an incoming server message differs (another msgId) from the one
 * the chat holds, or null. The server never gives a seq twice, even after its database went
 * back in time (docs/architecture.md); should one come back anyway, what the device holds from
 * that seq on is no longer the server's and must be fetched again, not kept beside the new.
 */
export function seqConflict(rows: readonly LocalMessage[], incoming: readonly LocalMessage[]): number | null {
  const held = new Map<number, string>();
  for (const row of rows) if (row.seq !== undefined && row.msgId !== undefined) held.set(row.seq, row.msgId);
  let lowest: number | null = null;
  for (const m of incoming) {
    if (m.seq === undefined || m.msgId === undefined) continue;
    const msgId = held.get(m.seq);
    if (msgId !== undefined && msgId !== m.msgId && (lowest === null || m.seq < lowest)) lowest = m.seq;
  }
  return lowest;
}

/** The seqs a chat holds. */
export function seqsOf(rows: readonly LocalMessage[]): Set<number> {
  const seqs = new Set<number>();
  for (const row of rows) if (row.seq !== undefined) seqs.add(row.seq);
  return seqs;
}

/** The highest seq held (0 when none). */
export function highestSeq(rows: readonly LocalMessage[]): number {
  let max = 0;
  for (const row of rows) if (row.seq !== undefined && row.seq > max) max = row.seq;
  return max;
}

/** The held range grows while the next seq is present, or named empty (a range at a time). */
export function advanceHeld(
  heldTo: number,
  seqs: ReadonlySet<number>,
  empty: readonly SeqRange[] = [],
): number {
  let hi = heldTo;
  for (;;) {
    if (seqs.has(hi + 1)) hi += 1;
    else {
      const range = rangeHolding(empty, hi + 1);
      if (!range) return hi;
      hi = range.toSeq;
    }
  }
}

/**
 * The held range grows downwards too: a message just below it (a late push of an older
 * message, say) joins it, and so does the run of held (or empty) seqs below that.
 */
export function retreatHeld(
  heldFrom: number,
  seqs: ReadonlySet<number>,
  empty: readonly SeqRange[] = [],
): number {
  let lo = heldFrom;
  while (lo > 0) {
    if (seqs.has(lo)) lo -= 1;
    else {
      const range = rangeHolding(empty, lo);
      if (!range) break;
      lo = range.fromSeq - 1;
    }
  }
  return lo;
}

/**
 * A gap: the chat holds everything up to `heldTo`, and a message with a later seq than the
 * next one arrived (or the server says the chat is further on). Then the range after heldTo
 * must be fetched. With no held range (a chat never loaded here) there is nothing to repair:
 * its history loads page by page when opened.
 */
export function hasGap(heldTo: number | null, seq: number): boolean {
  return heldTo !== null && seq > heldTo + 1;
}

/** Rows a window shows: everything but call-start records. */
export function visibleRows(rows: readonly LocalMessage[]): LocalMessage[] {
  return rows.filter((row) => !isCallStart(row.msgType));
}

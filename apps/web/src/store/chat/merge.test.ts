import { describe, expect, it } from 'vitest';
import { emptyChat } from './chatState';
import { noticeIdFor } from './ids';
import { clearUpTo, integrate, type ChatData } from './merge';
import type { LocalMessage } from './types';

const received = (seq: number, msgId = `m${seq}`): LocalMessage => ({
  id: msgId,
  msgId,
  chatId: 'c',
  seq,
  fromId: '2',
  toId: '1',
  msgType: 'TEXT',
  content: { text: `t${seq}` },
  createTime: 1_000 + seq,
  type: 1,
  nickName: 'Ben',
  portrait: '',
});

const own = (clientMsgId: string, seq?: number): LocalMessage => ({
  ...received(seq ?? 0, seq === undefined ? clientMsgId : `m${seq}`),
  ...(seq === undefined
    ? { seq: undefined, msgId: undefined, sendtype: 'wating' as const, afterSeq: 0 }
    : {}),
  clientMsgId,
  fromId: '1',
  type: 2,
});

/** A chat that holds seqs 1..heldTo, all read. */
function chat(heldTo: number, rows: LocalMessage[] = []): ChatData {
  const meta = {
    ...emptyChat({
      chatId: 'c',
      chatType: 'SINGLE',
      userId: '2',
      nickName: 'Ben',
      portrait: '',
      userType: '',
    }),
  };
  return { meta: { ...meta, lastSeq: heldTo, readSeq: heldTo, heldFrom: 0, heldTo, hasOlder: false }, rows };
}

describe('integrate (pure)', () => {
  it('takes a repeated push once, and moves lastSeq and the held range', () => {
    const once = integrate(chat(1, [received(1)]), [received(2)], { kind: 'live' });
    const twice = integrate(once, [received(2)], { kind: 'live' });
    expect(twice.rows.map((r) => r.seq)).toEqual([1, 2]);
    expect(twice.meta).toMatchObject({ lastSeq: 2, readSeq: 1, heldTo: 2 });
    expect(once.ops).toEqual([{ op: 'putMessage', chatId: 'c', message: received(2) }]);
    expect(twice.ops).toEqual([]);
  });

  it('leaves the held range below a gap, so the caller fetches what is missing', () => {
    const next = integrate(chat(1, [received(1)]), [received(4)], { kind: 'live' });
    expect(next.meta).toMatchObject({ lastSeq: 4, heldTo: 1 });
  });

  it('answers the own messages the server has, and drops their "check network" notice', () => {
    const notice: LocalMessage = {
      ...received(0, noticeIdFor('local_a')),
      seq: undefined,
      type: 3,
      notice: { key: 'chat.sendFailed' },
    };
    const next = integrate(chat(1, [received(1), own('local_a'), notice]), [own('local_a', 2)], {
      kind: 'live',
    });
    expect(next.delivered).toEqual(['local_a']);
    expect(next.rows.map((r) => r.id)).toEqual(['m1', 'm2']);
    expect(next.meta.readSeq).toBe(2);
  });

  it('drops what the server no longer has when a held seq comes under another msgId', () => {
    const next = integrate(chat(3, [received(1), received(2), received(3)]), [received(2, 'other')], {
      kind: 'live',
    });
    expect(next.forgotFrom).toBe(2);
    expect(next.rows.map((r) => r.id)).toEqual(['m1', 'other']);
    expect(next.ops).toContainEqual({ op: 'deleteMessage', chatId: 'c', id: 'm3' });
  });

  it('does not change the chat it was given', () => {
    const before = chat(1, [received(1)]);
    const copy = structuredClone(before);
    integrate(before, [received(2)], { kind: 'live' });
    expect(before).toEqual(copy);
  });
});

describe('clearUpTo (pure)', () => {
  it('keeps only later messages and own messages still waiting to be sent', () => {
    const rows = [received(1), received(2), own('local_a'), own('local_b')];
    const next = clearUpTo(chat(2, rows), 2, (id) => id === 'local_a');
    expect(next.rows.map((r) => r.id)).toEqual(['local_a']);
    expect(next.meta).toMatchObject({ clearedSeq: 2, readSeq: 2, heldFrom: 2, heldTo: 2, hasOlder: false });
    expect(next.ops[0]).toEqual({ op: 'clearChat', chatId: 'c', upTo: 2 });
  });
});

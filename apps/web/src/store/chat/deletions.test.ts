import { describe, expect, it } from 'vitest';
import { emptyChat, previewOf } from './chatState';
import { deleteSeqs } from './deletions';
import { integrate, type ChatData } from './merge';
import { drawnMessages } from './undrawn';
import type { LocalMessage } from './types';

const received = (seq: number): LocalMessage => ({
  id: `m${seq}`,
  msgId: `m${seq}`,
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

function chat(rows: LocalMessage[]): ChatData {
  const meta = emptyChat({
    chatId: 'c',
    chatType: 'SINGLE',
    userId: '2',
    nickName: 'Ben',
    portrait: '',
    userType: '',
  });
  const heldTo = rows.length;
  const preview = rows.length > 0 ? previewOf(rows.at(-1) as LocalMessage) : null;
  return {
    meta: { ...meta, lastSeq: heldTo, readSeq: heldTo, heldFrom: 0, heldTo, hasOlder: false, preview },
    rows,
  };
}

describe('delete for me (pure)', () => {
  it('keeps the deleted rows at their seqs, undrawn, and stores them so', () => {
    const next = deleteSeqs(chat([received(1), received(2), received(3)]), [2]);
    expect(next.rows.map((r) => [r.seq, r.msgType])).toEqual([
      [1, 'TEXT'],
      [2, 'DELETED'],
      [3, 'TEXT'],
    ]);
    expect(next.rows[1]?.content).toEqual({});
    expect(drawnMessages(next.rows).map((r) => r.seq)).toEqual([1, 3]);
    expect(next.ops).toEqual([{ op: 'putMessage', chatId: 'c', message: next.rows[1] }]);
    // The held range is whole: nothing to fetch again.
    expect(next.meta.heldTo).toBe(3);
    // Deleting again changes nothing.
    expect(deleteSeqs(next, [2]).ops).toEqual([]);
  });

  it('previews the newest row still drawn when the newest is deleted', () => {
    const next = deleteSeqs(chat([received(1), received(2), received(3)]), [3]);
    expect(next.meta.preview).toMatchObject({ seq: 2, content: { text: 't2' } });
    const none = deleteSeqs(chat([received(1)]), [1]);
    expect(none.meta.preview).toBeNull();
  });

  it('a deleted row arriving by catch-up is held but neither drawn nor previewed', () => {
    const deleted: LocalMessage = { ...received(2), msgType: 'DELETED', content: {} };
    const next = integrate(chat([received(1)]), [deleted], { kind: 'live' });
    expect(next.meta.heldTo).toBe(2);
    expect(drawnMessages(next.rows).map((r) => r.seq)).toEqual([1]);
    expect(next.meta.preview?.seq).toBe(1);
  });
});

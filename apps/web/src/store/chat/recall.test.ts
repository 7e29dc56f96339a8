import { describe, expect, it } from 'vitest';
import { MsgType } from '@paichat/protocol';
import { integrate, type ChatData } from './merge';
import { emptyChat, toEntry } from './chatState';
import { recallLine } from './preview';
import { chatT } from './texts';
import type { LocalMessage } from './types';

const row = (seq: number, over: Partial<LocalMessage> = {}): LocalMessage => ({
  id: `m${seq}`,
  msgId: `m${seq}`,
  chatId: 'c1',
  seq,
  fromId: '2',
  toId: '1',
  msgType: MsgType.TEXT,
  content: { text: `text ${seq}` },
  createTime: seq * 1000,
  type: 1,
  nickName: 'Ben',
  portrait: '',
  ...over,
});

const quoteOf = (target: LocalMessage) => ({
  msgId: target.msgId,
  seq: target.seq,
  fromId: target.fromId,
  fromName: 'Ben',
  msgType: MsgType.TEXT,
  snippet: 'text 1',
  recalled: false,
});

function chatHolding(rows: LocalMessage[]): ChatData {
  const meta = {
    ...emptyChat({
      chatId: 'c1',
      chatType: 'SINGLE',
      userId: '2',
      nickName: 'Benny',
      portrait: '',
      userType: '',
    }),
    lastSeq: rows.length,
    readSeq: rows.length,
    heldFrom: 0,
    heldTo: rows.length,
  };
  return { meta, rows };
}

describe('a recall taken into a chat', () => {
  it('turns the held target into RECALLED and takes the snippet out of held replies quoting it', () => {
    const target = row(1);
    const reply = row(2, { fromId: '1', type: 2, content: { text: 'what?', quote: quoteOf(target) } });
    const event = row(3, { msgType: MsgType.RECALL, content: { targetSeq: 1, targetMsgId: 'm1' } });
    const next = integrate(chatHolding([target, reply]), [event], { kind: 'live' });

    expect(next.rows.map((r) => r.msgType)).toEqual(['RECALLED', 'TEXT', 'RECALL']);
    expect(next.rows[0]?.content).toEqual({ byId: '2', byName: 'Ben' });
    expect(next.rows[1]?.content).toEqual({
      text: 'what?',
      quote: { ...quoteOf(target), snippet: '', recalled: true },
    });
    // Stored as changed, so a reload shows the same.
    const stored = next.ops.flatMap((op) => (op.op === 'putMessage' ? [op.message.id] : []));
    expect(stored).toEqual(expect.arrayContaining(['m1', 'm2', 'm3']));
    // Read everything before it: the event is nothing to read.
    expect(next.meta.readSeq).toBe(3);
    // A one-to-one chat names the peer as the list names them.
    expect(toEntry(next.meta, chatT).content).toBe('Benny recalled a message');
  });

  it('leaves a chat that does not hold the target as it is (the server answers it recalled)', () => {
    const event = row(5, { msgType: MsgType.RECALL, content: { targetSeq: 1, targetMsgId: 'm1' } });
    const next = integrate(chatHolding([row(2), row(3), row(4)]), [event], { kind: 'live' });
    expect(next.rows.map((r) => r.msgType)).toEqual(['TEXT', 'TEXT', 'TEXT', 'RECALL']);
  });
});

describe('the recall line', () => {
  it('says who recalled, and whose message when an owner recalled someone else’s', () => {
    expect(recallLine({ byMe: true, byName: 'Amy' })).toBe('You recalled a message');
    expect(recallLine({ byMe: false, byName: 'Ben' })).toBe('Ben recalled a message');
    expect(recallLine({ byMe: false, byName: 'Amy', author: { me: false, name: 'Ben' } })).toBe(
      'Amy recalled a message from Ben',
    );
    expect(recallLine({ byMe: true, byName: 'Amy', author: { me: false, name: 'Ben' } })).toBe(
      'You recalled a message from Ben',
    );
    expect(recallLine({ byMe: false, byName: 'Amy', author: { me: true, name: 'Ben' } })).toBe(
      'Amy recalled your message',
    );
  });

  it('keeps a message this person deleted for themselves deleted when its sender recalls it', () => {
    const deleted = row(1, { msgType: MsgType.DELETED, content: {} });
    const event = row(2, { msgType: MsgType.RECALL, content: { targetSeq: 1, targetMsgId: 'm1' } });
    const next = integrate(chatHolding([deleted]), [event], { kind: 'live' });
    expect(next.rows.map((r) => r.msgType)).toEqual(['DELETED', 'RECALL']);
  });
});

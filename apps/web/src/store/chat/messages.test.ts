import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '@paichat/protocol';
import {
  advanceHeld,
  compareMessages,
  fromServer,
  hasGap,
  mergeMessages,
  retreatHeld,
  seqConflict,
  seqsOf,
  showNameOf,
  visibleRows,
} from './messages';
import type { LocalMessage } from './types';

const ME = '1';
const PEER = '2';

const server = (seq: number, over: Partial<ServerMessage> = {}): ServerMessage => ({
  msgId: String(1000 + seq),
  chatId: '9',
  seq,
  clientMsgId: '',
  fromId: PEER,
  toId: ME,
  msgType: 'TEXT',
  talkType: 'SINGLE',
  content: { text: `m${seq}` },
  createTime: 1_700_000_000_000 + seq,
  isSelf: false,
  fromNickName: 'Ben',
  fromPortrait: '',
  ...over,
});

const pending = (clientMsgId: string, afterSeq: number, createTime = 1_800_000_000_000): LocalMessage => ({
  id: clientMsgId,
  clientMsgId,
  chatId: '9',
  fromId: ME,
  toId: PEER,
  msgType: 'TEXT',
  content: { text: 'hi' },
  createTime,
  type: 2,
  nickName: 'Amy',
  portrait: '',
  sendtype: 'wating',
  afterSeq,
});

const ids = (rows: LocalMessage[]) => rows.map((r) => r.id);

describe('fromServer', () => {
  it('marks received, own and system rows', () => {
    expect(fromServer(server(1)).type).toBe(1);
    const own = fromServer(server(2, { isSelf: true, fromId: ME, clientMsgId: 'local_a' }));
    expect(own).toMatchObject({ type: 2, sendtype: 'success', clientMsgId: 'local_a', id: '1002' });
    expect(fromServer(server(3, { msgType: 'ALERT', fromId: '0' })).type).toBe(3);
  });

  it('names the sender of a group message', () => {
    expect(fromServer(server(1, { talkType: 'GROUP' })).showName).toBe('Ben');
    expect(fromServer(server(1, { talkType: 'GROUP', fromGroupNick: 'Benny' }))).toMatchObject({
      showName: 'Benny',
      groupNick: 'Benny',
    });
    expect(fromServer(server(1)).showName).toBeUndefined();
    expect(fromServer(server(2, { talkType: 'GROUP', isSelf: true, fromId: ME })).showName).toBeUndefined();
  });
});

describe('showNameOf (spec showName)', () => {
  const remarks = new Map([[PEER, 'Big Ben']]);
  const remarkOf = (userId: string) => remarks.get(userId);
  const received = (over: Partial<ServerMessage>) => fromServer(server(1, { talkType: 'GROUP', ...over }));

  it("prefers the sender's group nickname, then the viewer's remark, then their nickname", () => {
    expect(showNameOf(received({ fromGroupNick: 'Benny' }), remarkOf)).toBe('Benny');
    expect(showNameOf(received({ fromGroupNick: '' }), remarkOf)).toBe('Big Ben');
    expect(showNameOf(received({ fromId: '3', fromNickName: 'Chen' }), remarkOf)).toBe('Chen');
  });
});

describe('mergeMessages: de-duplication', () => {
  const echo = server(5, { isSelf: true, fromId: ME, toId: PEER, clientMsgId: 'local_x' });

  it('keeps one row when the socket echo comes before the HTTP answer', () => {
    let rows: LocalMessage[] = [fromServer(server(4)), pending('local_x', 4)];
    const first = mergeMessages(rows, [fromServer(echo)]);
    rows = first.rows;
    expect(first.deleted).toEqual(['local_x']);
    expect(first.added).toEqual([]);
    // The HTTP answer carries the same msgId and clientMsgId: nothing changes.
    const second = mergeMessages(rows, [fromServer(echo)]);
    expect(second.put).toEqual([]);
    expect(ids(second.rows)).toEqual(['1004', '1005']);
    expect(second.rows[1]).toMatchObject({ sendtype: 'success', seq: 5, clientMsgId: 'local_x' });
  });

  it('keeps one row when the HTTP answer comes before the echo', () => {
    let rows: LocalMessage[] = [pending('local_x', 4)];
    rows = mergeMessages(rows, [fromServer(echo)]).rows;
    const again = mergeMessages(rows, [fromServer(echo), fromServer(echo)]);
    expect(ids(again.rows)).toEqual(['1005']);
    expect(again.added).toEqual([]);
  });

  it('drops repeated pushes and overlapping pages', () => {
    const page1 = [1, 2, 3].map((s) => fromServer(server(s)));
    const page2 = [2, 3, 4].map((s) => fromServer(server(s)));
    const merged = mergeMessages(mergeMessages([], page1).rows, [...page2, fromServer(server(4))]);
    expect(merged.rows.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect(merged.added.map((r) => r.seq)).toEqual([4]);
  });

  it('does not take a peer message with the same clientMsgId for an own row', () => {
    const rows = [pending('local_x', 0)];
    const peer = fromServer(server(1, { clientMsgId: 'local_x' }));
    expect(mergeMessages(rows, [peer]).rows).toHaveLength(2);
  });
});

describe('ordering by seq', () => {
  it('sorts server rows by seq whatever the arrival order', () => {
    const rows = mergeMessages(
      [],
      [3, 1, 2].map((s) => fromServer(server(s))),
    ).rows;
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3]);
  });

  it('places a waiting row after the seq it was written at, and moves it to its seq once sent', () => {
    let rows = mergeMessages([], [fromServer(server(1))]).rows;
    rows = [...rows, pending('local_x', 1)].sort(compareMessages);
    rows = mergeMessages(rows, [fromServer(server(2))]).rows;
    expect(rows.map((r) => r.seq ?? r.id)).toEqual([1, 'local_x', 2]);
    const sent = fromServer(server(3, { isSelf: true, fromId: ME, clientMsgId: 'local_x' }));
    rows = mergeMessages(rows, [sent]).rows;
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(rows[2]?.afterSeq).toBeUndefined();
  });

  it('hides call-start records but keeps their seq', () => {
    const rows = mergeMessages(
      [],
      [fromServer(server(1)), fromServer(server(2, { msgType: 'TRTC_VOICE_START', content: {} }))],
    ).rows;
    expect(seqsOf(rows)).toEqual(new Set([1, 2]));
    expect(visibleRows(rows).map((r) => r.seq)).toEqual([1]);
  });
});

describe('gap detection', () => {
  it('sees a push that skips the next seq', () => {
    expect(hasGap(4, 5)).toBe(false);
    expect(hasGap(4, 4)).toBe(false);
    expect(hasGap(4, 6)).toBe(true);
    expect(hasGap(null, 60)).toBe(false);
  });

  it('lowers the held range over present seqs below it', () => {
    expect(retreatHeld(3, new Set([1, 2, 3, 5]))).toBe(0);
    expect(retreatHeld(3, new Set([2, 4]))).toBe(3);
    expect(retreatHeld(3, new Set([3]))).toBe(2);
  });

  it('advances the held range only over present seqs', () => {
    expect(advanceHeld(2, new Set([1, 2, 3, 4, 6]))).toBe(4);
    expect(advanceHeld(4, new Set([6]))).toBe(4);
    expect(advanceHeld(4, new Set([5, 6]))).toBe(6);
  });
});

describe('seqConflict', () => {
  const held = [1, 2, 3, 4].map((seq) => fromServer(server(seq)));

  it('finds the lowest seq held under another msgId', () => {
    const incoming = [server(4, { msgId: '7004' }), server(3, { msgId: '7003' })].map(fromServer);
    expect(seqConflict(held, incoming)).toBe(3);
  });

  it('sees none for repeats, new seqs and own rows still on their way', () => {
    const incoming = [server(2), server(5, { msgId: '7005' })].map(fromServer);
    expect(seqConflict([...held, pending('local_a', 4)], incoming)).toBeNull();
  });
});

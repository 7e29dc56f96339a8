import { describe, expect, it } from 'vitest';
import { compareEntries, entryNum, readSeqAfter, totalBadge, unreadOf } from './unread';
import type { ChatListEntry } from './types';

const entry = (over: Partial<ChatListEntry>): ChatListEntry => ({
  chatId: '1',
  userId: '2',
  nickName: '',
  portrait: '',
  content: '',
  time: 0,
  num: 0,
  windowType: 'SINGLE',
  disturb: 'N',
  top: 'N',
  userType: '',
  lastSeq: 0,
  readSeq: 0,
  ...over,
});

describe('unread rules', () => {
  it('counts by seq, never below zero', () => {
    expect(unreadOf(7, 4)).toBe(3);
    expect(unreadOf(4, 7)).toBe(0);
  });

  it('never counts own messages or notices, and reads the open chat', () => {
    const base = { seq: 5, own: false, notice: false, open: false };
    expect(readSeqAfter(4, base)).toBe(4);
    expect(readSeqAfter(4, { ...base, own: true })).toBe(5);
    expect(readSeqAfter(4, { ...base, notice: true })).toBe(5);
    expect(readSeqAfter(4, { ...base, open: true })).toBe(5);
    // Never back.
    expect(readSeqAfter(9, { ...base, own: true })).toBe(9);
  });

  it('shows a dot for a muted chat', () => {
    expect(entryNum(3, 'N')).toBe(3);
    expect(entryNum(3, 'Y')).toBe('dot');
    expect(entryNum(0, 'Y')).toBe(0);
  });

  it('totals unmuted chats for tab 0, a dot when only muted chats have unread', () => {
    expect(
      totalBadge([entry({ lastSeq: 2 }), entry({ lastSeq: 3 }), entry({ lastSeq: 4, disturb: 'Y' })]),
    ).toBe(5);
    expect(totalBadge([entry({ lastSeq: 0 }), entry({ lastSeq: 4, disturb: 'Y' })])).toBe('dot');
    expect(totalBadge([entry({ lastSeq: 0 })])).toBe(0);
    expect(totalBadge([])).toBe(0);
  });
});

describe('chat-list order', () => {
  it('puts pinned chats first, then the newest', () => {
    const list = [
      entry({ chatId: 'a', time: 5 }),
      entry({ chatId: 'b', time: 1, top: 'Y' }),
      entry({ chatId: 'c', time: 9 }),
      entry({ chatId: 'd', time: 3, top: 'Y' }),
    ].sort(compareEntries);
    expect(list.map((e) => e.chatId)).toEqual(['d', 'b', 'c', 'a']);
  });
});

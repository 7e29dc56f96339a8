import { describe, expect, it } from 'vitest';
import type { ChatSession } from '@paichat/protocol';
import { emptyChat, previewOf, toEntry, withSession } from './chatState';
import { fromServer } from './messages';
import type { StoredChat } from './storage';
import { chatT } from './texts';

const group = (preview: StoredChat['preview']): StoredChat => ({
  ...emptyChat({
    chatId: 'g1',
    chatType: 'GROUP',
    userId: '900',
    nickName: 'Trip',
    portrait: '',
    userType: '',
  }),
  preview,
});

/** A group message Ben ('2') sent, as Amy received it. */
const fromBen = (fromGroupNick: string) =>
  fromServer({
    msgId: 'm1',
    chatId: 'g1',
    seq: 1,
    fromId: '2',
    toId: '900',
    clientMsgId: '',
    msgType: 'TEXT',
    talkType: 'GROUP',
    content: { text: 'hi' },
    createTime: 1,
    isSelf: false,
    fromNickName: 'Ben',
    fromPortrait: '',
    fromGroupNick,
  });

describe('toEntry: a group preview names its sender as the chat does (showNameOf)', () => {
  const remarks = new Map([['2', 'Big Ben']]);
  const remarkOf = (userId: string) => remarks.get(userId);

  it("puts the viewer's remark before the sender's nickname", () => {
    expect(toEntry(group(previewOf(fromBen(''))), chatT, remarkOf).content).toBe('Big Ben: hi');
    expect(toEntry(group(previewOf(fromBen(''))), chatT).content).toBe('Ben: hi');
  });

  it("puts the sender's group nickname before the remark", () => {
    expect(toEntry(group(previewOf(fromBen('Benny'))), chatT, remarkOf).content).toBe('Benny: hi');
  });

  it('names the sender of a preview stored without their id as it was stored', () => {
    const stored = { createTime: 1, seq: 1, msgType: 'TEXT', content: { text: 'hi' }, type: 1 as const };
    expect(toEntry(group({ ...stored, sender: 'Ben' }), chatT, remarkOf).content).toBe('Ben: hi');
  });
});

describe("withSession: a group's faces", () => {
  const session = (over: Partial<ChatSession>): ChatSession => ({
    chatId: 'g1',
    chatType: 'GROUP',
    lastSeq: 0,
    readSeq: 0,
    clearedSeq: 0,
    unreadCount: 0,
    isTop: 'N',
    isDisturb: 'N',
    removed: false,
    mentioned: false,
    userId: '900',
    groupId: '900',
    groupStatus: 'ACTIVE',
    nickName: 'Trip',
    portrait: '/file/0123456789abcdef0123456789abcdef.webp',
    userType: '',
    lastContent: '',
    lastTime: 1,
    lastMsg: null,
    ...over,
  });
  const faces = [
    { nickName: 'Amy', portrait: '' },
    { nickName: 'Ben', portrait: '/file/0123456789abcdef0123456789abcdef.png' },
  ];

  it('reach the chat-list entry, and go when the user is no longer a member', () => {
    const member = withSession(group(null), session({ faces }), true);
    expect(toEntry(member, chatT).faces).toEqual(faces);
    const left = withSession(member, session({ groupStatus: 'LEFT' }), true);
    expect(toEntry({ ...member, ...left }, chatT).faces).toBeUndefined();
  });
});

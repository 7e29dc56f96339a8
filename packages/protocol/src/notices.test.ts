import { describe, expect, it } from 'vitest';
import { NoticeContents, NoticePush, ServerPush, noticePush } from './notices';
import { NoticeType } from './socket';

const chatState = {
  chatId: '7',
  chatType: 'SINGLE',
  lastSeq: 3,
  readSeq: 2,
  clearedSeq: 0,
  unreadCount: 1,
  isTop: 'N',
  isDisturb: 'Y',
  removed: false,
};

/** A valid msgContent of each notice type. */
const examples: Record<NoticeType, unknown> = {
  SOCKET_READY: {},
  LOGIN_ELSEWHERE: { device: 'iPhone · Safari', time: 1 },
  LOGOUT_ELSEWHERE: { device: 'Windows · Chrome', time: 1 },
  FRIEND_APPLY: { count: 2, userId: '9', nickName: 'Dora' },
  FRIEND_ACCEPTED: { userId: '9', nickName: 'Dora' },
  FRIEND_REJECTED: { userId: '9', nickName: 'Dora' },
  CONTACTS_CHANGED: {},
  PROFILE_CHANGED: {},
  CHAT_READ: chatState,
  CHAT_UPDATED: { ...chatState, change: 'disturb' },
  GROUP_CHANGED: { groupId: '4', chatId: '12', change: 'renamed' },
  MSG_DELETED: { chatId: '12', seqs: [3, 5] },
  MOMENT_INTERACTION: { count: 3, momentId: '41' },
  MOMENT_POSTED: { portrait: '/file/0123456789abcdef0123456789abcdef.png', userId: '7', nickName: 'Amy' },
  PEER_READ: { chatId: '12', readSeq: 4 },
  GROUP_READS: { chatId: '12' },
  TYPING: { chatId: '12', userId: '9' },
};

describe('notice pushes', () => {
  it('has a msgContent schema for every notice type', () => {
    expect(Object.keys(NoticeContents).sort()).toEqual(Object.values(NoticeType).sort());
  });

  it.each(Object.entries(examples))(
    'parses %s with its own content, as a server push too',
    (type, content) => {
      const push = { pushType: 'NOTICE', noticeType: type, msgContent: content, createTime: 1 };
      expect(NoticePush.parse(push)).toEqual(push);
      expect(ServerPush.parse(push)).toEqual(push);
    },
  );

  it('refuses a content that belongs to another notice type', () => {
    const wrong = {
      pushType: 'NOTICE',
      noticeType: 'FRIEND_APPLY',
      msgContent: { chatId: '7' },
      createTime: 1,
    };
    expect(ServerPush.safeParse(wrong).success).toBe(false);
    const groupAsChat = { ...wrong, noticeType: 'CHAT_READ', msgContent: examples.GROUP_CHANGED };
    expect(ServerPush.safeParse(groupAsChat).success).toBe(false);
  });

  it('builds a notice the schema accepts', () => {
    const push = noticePush(NoticeType.FRIEND_APPLY, { count: 1, userId: '9', nickName: 'Dora' }, 5);
    expect(ServerPush.parse(push)).toEqual(push);
  });
});

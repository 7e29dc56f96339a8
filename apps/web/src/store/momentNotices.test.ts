import { describe, expect, it } from 'vitest';
import { NoticeType, noticePush, type Notices } from '@paichat/protocol';
import { createQueryClient } from '../api/queryClient';
import { noticesKey } from '../api/queries/notices';
import { PushRouter } from '../realtime/pushRouter';
import { watchMomentNotices } from './momentNotices';

const notices: Notices = {
  friendApply: { count: 2 },
  topicReply: { count: 0 },
  topicRed: { portrait: '', userId: '', nickName: '' },
};

const amy = { portrait: '/file/a.png', userId: '7', nickName: 'Amy' };

describe('moment notices', () => {
  it('keep the cached counts live: unread interactions and the newest friend post', () => {
    const client = createQueryClient();
    client.setQueryData(noticesKey, notices);
    const pushes = new PushRouter();
    const stop = watchMomentNotices(pushes, client);

    pushes.dispatch(noticePush(NoticeType.MOMENT_INTERACTION, { count: 3, momentId: '41' }, 1));
    pushes.dispatch(noticePush(NoticeType.MOMENT_POSTED, amy, 1));
    expect(client.getQueryData(noticesKey)).toEqual({
      friendApply: { count: 2 },
      topicReply: { count: 3 },
      topicRed: amy,
    });

    stop();
    pushes.dispatch(noticePush(NoticeType.MOMENT_INTERACTION, { count: 9, momentId: '41' }, 1));
    expect(client.getQueryData<Notices>(noticesKey)?.topicReply.count).toBe(3);
  });
});

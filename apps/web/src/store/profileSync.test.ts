import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { NoticeType, noticePush } from '@paichat/protocol';
import { myInfoKey } from '../api/queries/myInfo';
import { PushRouter } from '../realtime/pushRouter';
import { watchProfileChanges } from './profileSync';

describe('watchProfileChanges', () => {
  it('refetches my info on PROFILE_CHANGED, and on nothing else', async () => {
    const client = new QueryClient();
    client.setQueryData(myInfoKey, { nickName: 'old' });
    const pushes = new PushRouter();
    const stop = watchProfileChanges(pushes, client);

    pushes.dispatch(noticePush(NoticeType.LOGIN_ELSEWHERE, { device: 'H5', time: 1 }, 1));
    expect(client.getQueryState(myInfoKey)?.isInvalidated).toBe(false);

    pushes.dispatch(noticePush(NoticeType.PROFILE_CHANGED, {}, 1));
    expect(client.getQueryState(myInfoKey)?.isInvalidated).toBe(true);

    client.setQueryData(myInfoKey, { nickName: 'new' });
    stop();
    pushes.dispatch(noticePush(NoticeType.PROFILE_CHANGED, {}, 1));
    expect(client.getQueryState(myInfoKey)?.isInvalidated).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { NoticeType, type ServerPush } from '@paichat/protocol';
import { myInfoKey } from './queries/myInfo';
import { watchProfileChanges } from './profileSync';

function pushSource() {
  const listeners = new Set<(push: ServerPush) => void>();
  return {
    onPush(listener: (push: ServerPush) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(push: ServerPush) {
      for (const listener of listeners) listener(push);
    },
  };
}

const notice = (noticeType: NoticeType): ServerPush => ({
  pushType: 'NOTICE',
  noticeType,
  msgContent: {},
  createTime: 1,
});

describe('watchProfileChanges', () => {
  it('refetches my info on PROFILE_CHANGED, and on nothing else', async () => {
    const client = new QueryClient();
    client.setQueryData(myInfoKey, { nickName: 'old' });
    const socket = pushSource();
    const stop = watchProfileChanges(socket, client);

    socket.emit(notice(NoticeType.LOGIN_ELSEWHERE));
    expect(client.getQueryState(myInfoKey)?.isInvalidated).toBe(false);

    socket.emit(notice(NoticeType.PROFILE_CHANGED));
    expect(client.getQueryState(myInfoKey)?.isInvalidated).toBe(true);

    client.setQueryData(myInfoKey, { nickName: 'new' });
    stop();
    socket.emit(notice(NoticeType.PROFILE_CHANGED));
    expect(client.getQueryState(myInfoKey)?.isInvalidated).toBe(false);
  });
});

import type { QueryClient } from '@tanstack/react-query';
import { NoticeType, type ServerPush } from '@paichat/protocol';
import { myInfoKey } from './queries/myInfo';

export interface PushSource {
  onPush(listener: (push: ServerPush) => void): () => void;
}

/**
 * Keeps every device's profile current: another device of this account changed it
 * (PROFILE_CHANGED), so the cached `/my/getInfo` is refetched where it is shown and marked
 * stale elsewhere. Answers the unsubscribe.
 */
export function watchProfileChanges(socket: PushSource, client: QueryClient): () => void {
  return socket.onPush((push) => {
    if (push.pushType === 'NOTICE' && push.noticeType === NoticeType.PROFILE_CHANGED)
      void client.invalidateQueries({ queryKey: myInfoKey });
  });
}

import type { QueryClient } from '@tanstack/react-query';
import { NoticeType } from '@paichat/protocol';
import { myInfoKey } from '../api/queries/myInfo';
import type { PushSource } from '../realtime/pushRouter';

/**
 * Keeps every device's profile current: another device of this account changed it
 * (PROFILE_CHANGED), so the cached `/my/getInfo` is refetched where it is shown and marked
 * stale elsewhere. Answers the unsubscribe.
 */
export function watchProfileChanges(pushes: PushSource, client: QueryClient): () => void {
  return pushes.on(NoticeType.PROFILE_CHANGED, () => void client.invalidateQueries({ queryKey: myInfoKey }));
}

import type { QueryClient } from '@tanstack/react-query';
import { NoticeType } from '@paichat/protocol';
import { invalidateGroup } from '../api/queries/groupInfo';
import type { PushSource } from '../realtime/pushRouter';

/**
 * Keeps open group screens current: a group the user belongs (or belonged) to changed
 * (GROUP_CHANGED: members, name, notice, owner, dismissal), so its cached info and the saved
 * list are refetched where shown. The chat engine refreshes the group's chat on the same
 * notice. Answers the unsubscribe.
 */
export function watchGroupChanges(pushes: PushSource, client: QueryClient): () => void {
  return pushes.on(NoticeType.GROUP_CHANGED, (notice) => void invalidateGroup(client, notice.groupId));
}

import type { QueryClient } from '@tanstack/react-query';
import { GroupChangedNotice, NoticeType } from '@paichat/protocol';
import type { PushSource } from './profileSync';
import { invalidateGroup } from './queries/groupInfo';

/**
 * Keeps open group screens current: a group the user belongs (or belonged) to changed
 * (GROUP_CHANGED: members, name, notice, owner, dismissal), so its cached info and the saved
 * list are refetched where shown. The chat engine refreshes the group's chat on the same
 * notice. Answers the unsubscribe.
 */
export function watchGroupChanges(socket: PushSource, client: QueryClient): () => void {
  return socket.onPush((push) => {
    if (push.pushType !== 'NOTICE' || push.noticeType !== NoticeType.GROUP_CHANGED) return;
    const notice = GroupChangedNotice.safeParse(push.msgContent);
    if (notice.success) void invalidateGroup(client, notice.data.groupId);
  });
}

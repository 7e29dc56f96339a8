import type { QueryClient } from '@tanstack/react-query';
import { NoticeType } from '@paichat/protocol';
import { updateMomentNotices } from '../api/queries/notices';
import type { PushSource } from '../realtime/pushRouter';

/**
 * Keeps the moments part of the cached `/my/notices` live: a like, comment or reply on the
 * user's posts tells the new unread count (MOMENT_INTERACTION), and a friend's new post its
 * author (MOMENT_POSTED), so the Discover tab's badge and dot change without a
 * reload. The post liked or commented on is loaded again where it is shown (an open feed or
 * detail). Answers the unsubscribe.
 */
export function watchMomentNotices(pushes: PushSource, client: QueryClient): () => void {
  const offs = [
    pushes.on(NoticeType.MOMENT_INTERACTION, ({ count, momentId }) => {
      updateMomentNotices(client, { topicReply: { count } });
      // The moments' queries load with their screens, not on the first page (the bundle budget).
      void import('../api/queries/moments').then((moments) => moments.refreshMoment(client, momentId));
    }),
    pushes.on(NoticeType.MOMENT_POSTED, (author) => updateMomentNotices(client, { topicRed: author })),
  ];
  return () => {
    for (const off of offs) off();
  };
}

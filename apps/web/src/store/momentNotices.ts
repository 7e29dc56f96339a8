import type { QueryClient } from '@tanstack/react-query';
import { NoticeType } from '@paichat/protocol';
import { updateMomentNotices } from '../api/queries/notices';
import type { PushSource } from '../realtime/pushRouter';

/**
 * Keeps the moments part of the cached `/my/notices` live: a like, comment or reply on the
 * user's posts tells the new unread count (MOMENT_INTERACTION), and a friend's new post its
 * author (MOMENT_POSTED), so the Discover tab's badge and dot change without a
 * reload. Answers the unsubscribe.
 */
export function watchMomentNotices(pushes: PushSource, client: QueryClient): () => void {
  const offs = [
    pushes.on(NoticeType.MOMENT_INTERACTION, ({ count }) =>
      updateMomentNotices(client, { topicReply: { count } }),
    ),
    pushes.on(NoticeType.MOMENT_POSTED, (author) => updateMomentNotices(client, { topicRed: author })),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/**
 * The four tab badges (spec section 4), derived from where their numbers live: the chat
 * engine's unread total (Message), and the cached `/my/notices` (Contact: pending friend
 * requests; Discover: replies to the user's moments, or else a dot for a friend's post not yet
 * seen, as WeChat shows). Nothing sets a badge: a badge changes when its source does, and goes
 * with the session (the engine stops, the cache is cleared).
 */
import { useQuery } from '@tanstack/react-query';
import { noticesQuery } from '../api/queries/notices';
import type { Notices } from '@paichat/protocol';
import type { BadgeValue } from '../lib/badge';
import { useTotalUnread } from './chat/hooks';

export type TabBadges = readonly [BadgeValue, BadgeValue, BadgeValue, BadgeValue];

/** The cached notices, never fetched from here (the session and pushes keep them fresh). */
function useCachedNotices() {
  return useQuery({ ...noticesQuery, enabled: false }).data;
}

/** Pending friend requests (the Contact tab's badge and its "New friends" row). */
export function useFriendRequestCount(): number {
  return useCachedNotices()?.friendApply.count ?? 0;
}

export function useTabBadges(): TabBadges {
  const notices = useCachedNotices();
  const moments = useMomentNotices();
  const discover = moments.count || (moments.author ? 'dot' : 0);
  return [useTotalUnread(), notices?.friendApply.count ?? 0, discover, 0];
}

/** The Discover tab's Moments entry: unread interactions, and the author of the newest unseen friend's post. */
export function useMomentNotices(): { count: number; author: Notices['topicRed'] | null } {
  const notices = useCachedNotices();
  const author = notices?.topicRed;
  return { count: notices?.topicReply.count ?? 0, author: author?.userId ? author : null };
}

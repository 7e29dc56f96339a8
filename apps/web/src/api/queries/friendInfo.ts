import { queryOptions, useQuery } from '@tanstack/react-query';
import { friendInfo } from '@paichat/protocol';
import { call } from '../request';

export const friendInfoBaseKey = ['friend', 'info'] as const;
export const friendInfoKey = (userId: string) => [...friendInfoBaseKey, userId] as const;

/** A person's profile and how the viewer relates to them (`GET /friend/info/:id`). */
export const friendInfoQuery = (userId: string) =>
  queryOptions({
    queryKey: friendInfoKey(userId),
    queryFn: ({ signal }) => call(friendInfo, { id: userId }, { signal }),
    enabled: userId !== '',
  });

export function useFriendInfo(userId: string) {
  return useQuery(friendInfoQuery(userId));
}

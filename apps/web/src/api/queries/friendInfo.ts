import { queryOptions, useQuery } from '@tanstack/react-query';
import { friendInfo } from '@paichat/protocol';
import { call } from '../request';

export const friendInfoBaseKey = ['friend', 'info'] as const;
export const friendInfoKey = (userId: string) => [...friendInfoBaseKey, userId] as const;

/**
 * A person's profile and how the viewer relates to them (`GET /friend/info/:id`). `ref` is the
 * reference that opens someone the viewer is not related to (from a search, a card or a QR
 * code); the profile is cached by person either way.
 */
export const friendInfoQuery = (userId: string, ref = '') =>
  queryOptions({
    queryKey: friendInfoKey(userId),
    queryFn: ({ signal }) => call(friendInfo, { id: userId, ...(ref ? { ref } : {}) }, { signal }),
    enabled: userId !== '',
  });

export function useFriendInfo(userId: string, ref = '') {
  return useQuery(friendInfoQuery(userId, ref));
}

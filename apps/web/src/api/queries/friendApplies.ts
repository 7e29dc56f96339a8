import { queryOptions, useQuery } from '@tanstack/react-query';
import { listFriendApplies } from '@paichat/protocol';
import { call } from '../request';

export const friendAppliesKey = ['friend', 'applyList'] as const;

/** Friend requests received and sent, newest first (`GET /friend/applyList`). */
export const friendAppliesQuery = queryOptions({
  queryKey: friendAppliesKey,
  queryFn: ({ signal }) => call(listFriendApplies, {}, { signal }).then((data) => data.list),
  // The list is the truth about pending requests: always ask again when the screen opens.
  staleTime: 0,
});

export function useFriendApplies() {
  return useQuery(friendAppliesQuery);
}

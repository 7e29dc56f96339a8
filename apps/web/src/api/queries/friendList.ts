import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { listFriends, type Friend } from '@paichat/protocol';
import { call } from '../request';

export const friendListKey = ['friend', 'list'] as const;

/** The signed-in user's friends (`GET /friend/list`), with their remarks and tags. */
export const friendListQuery = queryOptions({
  queryKey: friendListKey,
  queryFn: ({ signal }) => call(listFriends, {}, { signal }).then((data) => data.list),
});

/** A lookup of the viewer's remark for a person ('' or undefined when none): who is called what. */
export function remarkLookup(friends: readonly Friend[] | undefined): (userId: string) => string | undefined {
  const remarks = new Map(friends?.map((friend) => [friend.userId, friend.remark.trim()]));
  return (userId) => remarks.get(userId);
}

export function useFriendList() {
  return useQuery(friendListQuery);
}

/** Changes one friend in the cached list, if it is loaded. */
export function patchFriendInList(
  client: QueryClient,
  userId: string,
  patch: (friend: Friend) => Friend | null,
) {
  client.setQueryData<Friend[]>(friendListKey, (list) =>
    list?.flatMap((friend) => {
      if (friend.userId !== userId) return [friend];
      const next = patch(friend);
      return next ? [next] : [];
    }),
  );
}

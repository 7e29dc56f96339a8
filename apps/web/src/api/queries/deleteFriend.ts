import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteFriend, type PersonView } from '@paichat/protocol';
import { call } from '../request';
import { friendInfoKey } from './friendInfo';
import { friendListKey, patchFriendInList } from './friendList';

/** Removes a friend, on both sides (`POST /friend/delete`). */
export function useDeleteFriend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call(deleteFriend, { userId }),
    onSuccess: async (_data, userId) => {
      patchFriendInList(client, userId, () => null);
      client.setQueryData<PersonView>(
        friendInfoKey(userId),
        (person) => person && { ...person, isFriend: false, remark: '', tags: [] },
      );
      await client.invalidateQueries({ queryKey: friendListKey });
    },
  });
}

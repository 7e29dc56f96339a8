import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setRemark, type PersonView } from '@paichat/protocol';
import { call } from '../request';
import { friendInfoKey } from './friendInfo';
import { patchFriendInList } from './friendList';

/** Sets a friend's remark and tags (`POST /friend/setRemark`); the contact list regroups at once. */
export function useSetRemark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; remark: string; tags: string[] }) => call(setRemark, input),
    onSuccess: (_data, { userId, remark, tags }) => {
      patchFriendInList(client, userId, (friend) => ({ ...friend, remark, tags }));
      client.setQueryData<PersonView>(
        friendInfoKey(userId),
        (person) => person && { ...person, remark, tags },
      );
    },
  });
}

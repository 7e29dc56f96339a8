import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blockUser, unblockUser, type PersonView } from '@paichat/protocol';
import { call } from '../request';
import { refreshNotices } from './notices';
import { friendInfoKey } from './friendInfo';
import { friendListKey } from './friendList';
import { friendAppliesKey } from './friendApplies';

/**
 * Adds a person to the blacklist or removes them (`POST /friend/block`, `/friend/unblock`). A
 * stranger is blocked with `personRef`, the reference that showed them; once on the blacklist
 * they are taken off by id.
 */
export function useSetBlocked() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      userId,
      blocked,
      personRef = '',
    }: {
      userId: string;
      blocked: boolean;
      personRef?: string;
    }) =>
      blocked
        ? call(blockUser, { userId, ...(personRef ? { ref: personRef } : {}) })
        : call(unblockUser, { userId }),
    onSuccess: async (_data, { userId, blocked }) => {
      client.setQueryData<PersonView>(
        friendInfoKey(userId),
        (person) => person && { ...person, isBlocked: blocked },
      );
      // Blocking quietly settles their waiting request: the list and the badge change with it.
      await Promise.all([
        client.invalidateQueries({ queryKey: friendListKey }),
        client.invalidateQueries({ queryKey: friendAppliesKey }),
        refreshNotices(client),
      ]);
    },
  });
}

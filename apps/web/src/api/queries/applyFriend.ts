import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyFriend, type RequestOf } from '@paichat/protocol';
import { call } from '../request';
import { refreshNotices } from './notices';
import { friendAppliesKey } from './friendApplies';
import { friendInfoKey } from './friendInfo';
import { friendListKey } from './friendList';

/**
 * Sends a friend request (`POST /friend/apply`). When the other person had already asked,
 * the answer is `accepted`: both are friends at once and their request to us is settled.
 */
export function useApplyFriend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof applyFriend>) => call(applyFriend, input),
    onSuccess: async (result, input) => {
      const settled: Promise<unknown>[] = [
        client.invalidateQueries({ queryKey: friendInfoKey(input.userId) }),
        client.invalidateQueries({ queryKey: friendAppliesKey }),
      ];
      if (result.status === 'accepted') {
        settled.push(client.invalidateQueries({ queryKey: friendListKey }), refreshNotices(client));
      }
      await Promise.all(settled);
    },
  });
}

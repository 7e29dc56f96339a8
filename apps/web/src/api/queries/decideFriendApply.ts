import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  agreeFriend,
  ignoreFriend,
  refuseFriend,
  type ApplyStatus,
  type FriendApply,
} from '@paichat/protocol';
import { call } from '../request';
import { friendAppliesKey } from './friendApplies';
import { friendInfoKey } from './friendInfo';
import { friendListKey } from './friendList';
import { friendApplyCount, refreshNotices, setFriendApplyCount } from './notices';

export type ApplyDecision = 'accept' | 'reject' | 'ignore';

const outcome: Record<ApplyDecision, Exclude<ApplyStatus, 'pending'>> = {
  accept: 'accepted',
  reject: 'rejected',
  ignore: 'ignored',
};

async function decide(decision: ApplyDecision, applyId: string): Promise<void> {
  if (decision === 'accept') await call(agreeFriend, { applyId });
  else if (decision === 'reject') await call(refuseFriend, { applyId });
  else await call(ignoreFriend, { applyId });
}

/**
 * Accepts, rejects or ignores a received request. The row, the badge and (on accept) the
 * contact list change at once; the badge is then confirmed against the server's count.
 */
export function useDecideFriendApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ apply, decision }: { apply: FriendApply; decision: ApplyDecision }) =>
      decide(decision, apply.applyId),
    onSuccess: async (_data, { apply, decision }) => {
      client.setQueryData<FriendApply[]>(friendAppliesKey, (list) =>
        list?.map((row) =>
          row.applyId === apply.applyId ? { ...row, status: outcome[decision], updateTime: Date.now() } : row,
        ),
      );
      const pending = friendApplyCount(client);
      if (pending !== undefined) setFriendApplyCount(client, pending - 1);
      const settled: Promise<unknown>[] = [refreshNotices(client)];
      if (decision === 'accept') {
        settled.push(
          client.invalidateQueries({ queryKey: friendListKey }),
          client.invalidateQueries({ queryKey: friendInfoKey(apply.userId) }),
        );
      }
      await Promise.all(settled);
    },
    // A request already decided elsewhere (applyNotFound): show the list as the server has it.
    onError: () =>
      Promise.all([client.invalidateQueries({ queryKey: friendAppliesKey }), refreshNotices(client)]),
  });
}

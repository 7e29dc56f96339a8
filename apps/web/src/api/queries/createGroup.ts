import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createGroup } from '@paichat/protocol';
import { call } from '../request';
import { groupInfoKey } from './groupInfo';

/** Creates a group with friends (`POST /group/create`); the creator owns it. */
export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) => call(createGroup, { userIds }),
    onSuccess: (info) => client.setQueryData(groupInfoKey(info.group.groupId), info),
  });
}

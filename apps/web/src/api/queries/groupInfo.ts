import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  addGroupMembers,
  dismissGroup,
  getGroupInfo,
  quitGroup,
  removeGroupMembers,
  renameGroup,
  setGroupNick,
  setGroupNotice,
  setGroupSaved,
  transferGroup,
  type GroupInfo,
  type RequestOf,
} from '@paichat/protocol';
import { call } from '../request';
import { savedGroupsKey } from './savedGroups';

export const groupInfoBaseKey = ['group', 'info'] as const;
export const groupInfoKey = (groupId: string) => [...groupInfoBaseKey, groupId] as const;

/** A group as its info screens show it, with its members (`GET /group/getInfo/:id`). */
export const groupInfoQuery = (groupId: string) =>
  queryOptions({
    queryKey: groupInfoKey(groupId),
    queryFn: ({ signal }) => call(getGroupInfo, { id: groupId }, { signal }),
    enabled: groupId !== '',
  });

export function useGroupInfo(groupId: string) {
  return useQuery(groupInfoQuery(groupId));
}

/** Everything that shows a group is stale (it changed here or on the server). */
export function invalidateGroup(client: QueryClient, groupId: string): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: groupInfoKey(groupId) }),
    client.invalidateQueries({ queryKey: savedGroupsKey }),
  ]).then(() => undefined);
}

/** The group endpoints that answer the changed group. */
type GroupUpdate =
  | typeof addGroupMembers
  | typeof removeGroupMembers
  | typeof renameGroup
  | typeof setGroupNotice
  | typeof setGroupNick
  | typeof setGroupSaved
  | typeof transferGroup;

/** A change to a group; its answer replaces the cached group, and the saved list is asked again. */
export function useUpdateGroup<E extends GroupUpdate>(endpoint: E) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<E>): Promise<GroupInfo> => call(endpoint, input),
    onSuccess: (info) => {
      client.setQueryData(groupInfoKey(info.group.groupId), info);
      void client.invalidateQueries({ queryKey: savedGroupsKey });
    },
  });
}

/** Quitting or dismissing: the group is no longer what the cache says. */
export function useEndGroup(endpoint: typeof quitGroup | typeof dismissGroup) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => call(endpoint, { groupId }),
    onSuccess: ({ groupId }) => invalidateGroup(client, groupId),
  });
}

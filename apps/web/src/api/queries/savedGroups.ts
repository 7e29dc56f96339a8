import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSavedGroups } from '@paichat/protocol';
import { call } from '../request';

export const savedGroupsKey = ['group', 'saved'] as const;

/** The groups the user saved to their contacts (`POST /group/listSaved`). */
export const savedGroupsQuery = queryOptions({
  queryKey: savedGroupsKey,
  queryFn: ({ signal }) => call(listSavedGroups, {}, { signal }).then((data) => data.list),
});

export function useSavedGroups() {
  return useQuery(savedGroupsQuery);
}

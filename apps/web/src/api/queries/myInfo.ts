import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMyInfo } from '@paichat/protocol';
import { call } from '../request';

export const myInfoKey = ['my', 'info'] as const;

/** The signed-in user's profile (`GET /my/getInfo`). */
export const myInfoQuery = queryOptions({
  queryKey: myInfoKey,
  queryFn: ({ signal }) => call(getMyInfo, {}, { signal }),
});

export function useMyInfo(enabled = true) {
  return useQuery({ ...myInfoQuery, enabled });
}

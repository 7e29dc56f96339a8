import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_RECALL_WINDOWS, getRecallWindows, type RecallWindows } from '@paichat/protocol';
import { call } from '../request';

/** This server's recall windows (`GET /chat/recallWindows`): they do not change while it runs. */
export const recallWindowsQuery = queryOptions({
  queryKey: ['chat', 'recallWindows'] as const,
  queryFn: ({ signal }) => call(getRecallWindows, {}, { signal, quiet: true }),
  staleTime: Infinity,
});

/** The recall windows; WeChat's defaults until the server has answered. */
export function useRecallWindows(): RecallWindows {
  return useQuery(recallWindowsQuery).data ?? DEFAULT_RECALL_WINDOWS;
}

import { queryOptions } from '@tanstack/react-query';
import { getNotices } from '@paichat/protocol';
import { call } from '../request';

export const noticesKey = ['my', 'notices'] as const;

/**
 * The counts behind the tab badges (`GET /my/notices`). Quiet: it is fetched in the
 * background (on sign-in, on focus, after a push), where a failure should neither toast nor,
 * for a phone that is briefly offline, end the session; the socket reports a dead token itself.
 */
export const noticesQuery = queryOptions({
  queryKey: noticesKey,
  queryFn: ({ signal }) => call(getNotices, {}, { signal, quiet: true }),
  staleTime: 0,
});

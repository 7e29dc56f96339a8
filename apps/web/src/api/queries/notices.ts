import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getNotices, type Notices } from '@paichat/protocol';
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

/**
 * Asks the server for the counts again; a failure keeps the cached ones (the next focus,
 * reconnect or push tries again).
 */
export async function refreshNotices(client: QueryClient): Promise<void> {
  try {
    await client.fetchQuery(noticesQuery);
  } catch {
    // Background refresh: nothing to tell the person.
  }
}

/** The pending friend-request count the cache holds (the Contact tab's badge), if loaded. */
export const friendApplyCount = (client: QueryClient): number | undefined =>
  client.getQueryData<Notices>(noticesKey)?.friendApply.count;

/** Sets the cached pending friend-request count (cleared at 0); with nothing cached, asks the server. */
export function setFriendApplyCount(client: QueryClient, count: number): void {
  if (!client.getQueryData<Notices>(noticesKey)) {
    void refreshNotices(client);
    return;
  }
  const value = Math.max(0, Math.floor(count));
  client.setQueryData<Notices>(
    noticesKey,
    (notices) => notices && { ...notices, friendApply: { count: value } },
  );
}

/** topicRed when no friend's post waits unseen. */
export const NO_NEW_MOMENT: Notices['topicRed'] = { portrait: '', userId: '', nickName: '' };

/** Puts what a moments push told into the cached notices (the Discover tab reads them). */
export function updateMomentNotices(
  client: QueryClient,
  patch: Partial<Pick<Notices, 'topicReply' | 'topicRed'>>,
): void {
  if (!client.getQueryData<Notices>(noticesKey)) {
    void refreshNotices(client);
    return;
  }
  client.setQueryData<Notices>(noticesKey, (notices) => notices && { ...notices, ...patch });
}

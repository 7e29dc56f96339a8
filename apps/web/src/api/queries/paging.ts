import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/**
 * Keeps only the newest page of a paged list before it is fetched again (pull to refresh): the
 * older pages come back as the person scrolls, instead of all being asked for again at once.
 */
export function keepFirstPage(client: QueryClient, queryKey: readonly unknown[]): void {
  client.setQueryData<InfiniteData<unknown, unknown>>(
    queryKey,
    (data) => data && { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
  );
}

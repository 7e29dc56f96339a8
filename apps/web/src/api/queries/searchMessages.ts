import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { searchMessages, type MessageHit, type MessageHitPage } from '@paichat/protocol';
import { call } from '../request';

/** Messages of all my chats containing a keyword (`POST /search/messages`), newest first, paged. */
export const searchMessagesKey = (keyword: string) => ['search', 'messages', keyword] as const;

export const searchMessagesQuery = (keyword: string) =>
  infiniteQueryOptions({
    queryKey: searchMessagesKey(keyword),
    queryFn: ({ pageParam, signal }) =>
      call(searchMessages, { keyword, ...(pageParam ? { before: pageParam } : {}) }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: MessageHitPage) => page.next ?? undefined,
    // While the next keyword loads, the last answer stays rather than flashing empty.
    placeholderData: keepPreviousData,
    // What one may read changes with every message: ask again each time the page opens.
    staleTime: 0,
  });

export function useSearchMessages(keyword: string) {
  return useInfiniteQuery({ ...searchMessagesQuery(keyword), enabled: keyword !== '' });
}

/** The hits a paged cache holds, in order, each once. */
export function hitsOf(data: { pages: readonly MessageHitPage[] } | undefined): MessageHit[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) =>
    page.list.filter((hit) => !seen.has(hit.msgId) && seen.add(hit.msgId)),
  );
}

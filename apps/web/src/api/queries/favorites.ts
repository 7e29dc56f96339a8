import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  addMessageToFavorites,
  addNoteToFavorites,
  deleteFavorite,
  listFavorites,
  type Favorite,
  type FavoritePage,
} from '@paichat/protocol';
import { call } from '../request';

/**
 * My favorites over `/favorites/*`: one infinite query per search (the empty search is the
 * whole list), newest first, paged by the server's `next`. Saving puts the new favorite at the
 * top of every loaded list it belongs to; deleting takes it out of all of them.
 */

const favoritesRoot = ['favorites'] as const;
export const favoritesKey = (keyword: string) =>
  [...favoritesRoot, 'list', keyword.trim().toLowerCase()] as const;

type Pages = InfiniteData<FavoritePage, string | undefined>;

export const favoritesQuery = (keyword: string) =>
  infiniteQueryOptions({
    queryKey: favoritesKey(keyword),
    queryFn: ({ pageParam, signal }) =>
      call(
        listFavorites,
        { keyword: keyword.trim(), ...(pageParam ? { before: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: FavoritePage) => page.next ?? undefined,
    // While a new search loads, the list shows the last answer rather than flashing empty.
    placeholderData: keepPreviousData,
  });

export function useFavorites(keyword = '') {
  return useInfiniteQuery(favoritesQuery(keyword));
}

/** The favorites a paged cache holds, in order (pages may overlap after a refresh: first wins). */
export function favoritesOf(data: { pages: readonly FavoritePage[] } | undefined): Favorite[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) =>
    page.list.filter((favorite) => !seen.has(favorite.favoriteId) && seen.add(favorite.favoriteId)),
  );
}

const listsKey = [...favoritesRoot, 'list'] as const;

/**
 * A new favorite goes to the top of the full list (unless it is there: saving a message twice
 * answers the same favorite); searches ask the server again, since only it knows what matches.
 */
function putNew(client: QueryClient, favorite: Favorite) {
  client.setQueryData<Pages>(favoritesKey(''), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first || favoritesOf(data).some((f) => f.favoriteId === favorite.favoriteId)) return data;
    return { ...data, pages: [{ ...first, list: [favorite, ...first.list] }, ...rest] };
  });
  void client.invalidateQueries({ queryKey: listsKey, predicate: (query) => query.queryKey[2] !== '' });
}

/** Takes a favorite out of every loaded list. */
function drop(client: QueryClient, favoriteId: string) {
  client.setQueriesData<Pages>(
    { queryKey: listsKey },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          list: page.list.filter((f) => f.favoriteId !== favoriteId),
        })),
      },
  );
}

export function useAddMessageToFavorites() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: { chatId: string; msgId: string }) => call(addMessageToFavorites, message),
    onSuccess: (favorite) => putNew(client, favorite),
  });
}

export function useAddNoteToFavorites() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => call(addNoteToFavorites, { text }),
    onSuccess: (favorite) => putNew(client, favorite),
  });
}

export function useDeleteFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (favoriteId: string) => call(deleteFavorite, { favoriteId }),
    onSuccess: (_data, favoriteId) => drop(client, favoriteId),
  });
}

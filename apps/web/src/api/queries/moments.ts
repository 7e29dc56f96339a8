import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  clearMomentInteractions,
  commentMoment,
  deleteMoment,
  deleteMomentComment,
  getMoment,
  getMomentAlbum,
  getMomentCover,
  getMomentFeed,
  getMomentInteractions,
  likeMoment,
  postMoment,
  setMomentCover,
  unlikeMoment,
  type Moment,
  type MomentPage,
  type RequestOf,
} from '@paichat/protocol';
import { call } from '../request';
import { NO_NEW_MOMENT, updateMomentNotices } from './notices';

/**
 * Moments over the server's `/moments/*` endpoints. The feed and albums are infinite queries
 * paged by the server's cursor; a post appears in several caches at once (the feed, its
 * author's album, its detail), so every change the server answers with a post is written into
 * all of them (`putMoment`), and a deleted post leaves all of them.
 */

const momentsRoot = ['moments'] as const;
export const momentFeedKey = [...momentsRoot, 'feed'] as const;
export const momentAlbumKey = (userId: string) => [...momentsRoot, 'album', userId] as const;
export const momentKey = (momentId: string) => [...momentsRoot, 'detail', momentId] as const;
export const momentCoverKey = (userId: string) => [...momentsRoot, 'cover', userId] as const;
export const momentInteractionsKey = [...momentsRoot, 'interactions'] as const;

type Pages = InfiniteData<MomentPage, string | undefined>;

const pagedBy = (load: (after: string | undefined, signal: AbortSignal) => Promise<MomentPage>) => ({
  queryFn: ({ pageParam, signal }: { pageParam: string | undefined; signal: AbortSignal }) =>
    load(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page: MomentPage) => page.next ?? undefined,
});

/**
 * My posts and my friends' posts I may see, newest first. Opening the feed's first page is
 * what tells the server I have seen my friends' new posts, so the Discover dot goes with it.
 */
export const momentFeedQuery = (client: QueryClient) =>
  infiniteQueryOptions({
    queryKey: momentFeedKey,
    ...pagedBy(async (after, signal) => {
      const page = await call(getMomentFeed, after ? { after } : {}, { signal });
      if (!after) updateMomentNotices(client, { topicRed: NO_NEW_MOMENT });
      return page;
    }),
  });

export function useMomentFeed() {
  return useInfiniteQuery(momentFeedQuery(useQueryClient()));
}

/** One person's posts I may see (mine, or a friend's), newest first. */
export const momentAlbumQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: momentAlbumKey(userId),
    ...pagedBy((after, signal) => call(getMomentAlbum, { userId, ...(after ? { after } : {}) }, { signal })),
    enabled: userId !== '',
  });

export function useMomentAlbum(userId: string) {
  return useInfiniteQuery(momentAlbumQuery(userId));
}

export function useMoment(momentId: string) {
  return useQuery(
    queryOptions({
      queryKey: momentKey(momentId),
      queryFn: ({ signal }) => call(getMoment, { momentId }, { signal }),
      enabled: momentId !== '',
    }),
  );
}

/** The posts a paged cache holds, in order (pages may overlap after a refresh: first wins). */
export function momentsOf(data: { pages: readonly MomentPage[] } | undefined): Moment[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) =>
    page.list.filter((moment) => !seen.has(moment.momentId) && seen.add(moment.momentId)),
  );
}

/** Every paged cache a post of `userId` can be in: the feed and the author's album. */
const pagedKeysFor = (userId: string) => [momentFeedKey, momentAlbumKey(userId)];

function mapPages(client: QueryClient, key: readonly unknown[], change: (list: Moment[]) => Moment[]) {
  client.setQueryData<Pages>(
    key,
    (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, list: change(page.list) })) },
  );
}

/** Writes a post as the server answered it into every cache that holds it. */
export function putMoment(client: QueryClient, moment: Moment): void {
  for (const key of pagedKeysFor(moment.userId)) {
    mapPages(client, key, (list) => list.map((m) => (m.momentId === moment.momentId ? moment : m)));
  }
  client.setQueryData(momentKey(moment.momentId), moment);
}

/** Whether a cache (the feed, an album, the post's detail) holds the post. */
function isCached(client: QueryClient, momentId: string): boolean {
  if (client.getQueryData(momentKey(momentId))) return true;
  const paged = client.getQueriesData<Pages>({
    queryKey: momentsRoot,
    predicate: ({ queryKey }) => queryKey[1] === 'feed' || queryKey[1] === 'album',
  });
  return paged.some(([, data]) => momentsOf(data).some((moment) => moment.momentId === momentId));
}

/**
 * Someone liked or commented on a post (a push named it): where a cache holds it, it is asked
 * for again and written into all of them, so an open feed or detail shows the news in place.
 * A failure keeps what is shown (the next load brings it).
 */
export async function refreshMoment(client: QueryClient, momentId: string): Promise<void> {
  if (!isCached(client, momentId)) return;
  try {
    putMoment(client, await call(getMoment, { momentId }, { quiet: true }));
  } catch {
    // Background refresh: nothing to tell the person.
  }
}

/** Takes a post out of every cache. */
function dropMoment(client: QueryClient, moment: Pick<Moment, 'momentId' | 'userId'>): void {
  for (const key of pagedKeysFor(moment.userId)) {
    mapPages(client, key, (list) => list.filter((m) => m.momentId !== moment.momentId));
  }
  client.removeQueries({ queryKey: momentKey(moment.momentId) });
}

/** Puts my new post at the top of the feed and of my album, where they are loaded. */
function prependMoment(client: QueryClient, moment: Moment): void {
  for (const key of pagedKeysFor(moment.userId)) {
    client.setQueryData<Pages>(key, (data) => {
      const [first, ...rest] = data?.pages ?? [];
      return data && first && { ...data, pages: [{ ...first, list: [moment, ...first.list] }, ...rest] };
    });
  }
}

export function usePostMoment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (post: RequestOf<typeof postMoment>) => call(postMoment, post),
    onSuccess: (moment) => prependMoment(client, moment),
  });
}

export function useDeleteMoment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (moment: Pick<Moment, 'momentId' | 'userId'>) =>
      call(deleteMoment, { momentId: moment.momentId }),
    onSuccess: (_data, moment) => dropMoment(client, moment),
  });
}

/** Like, unlike, comment, reply and delete a comment: each answers the post, put everywhere. */
export function useMomentActions() {
  const client = useQueryClient();
  const put = (moment: Moment) => {
    putMoment(client, moment);
    return moment;
  };
  return {
    like: (momentId: string) => call(likeMoment, { momentId }).then(put),
    unlike: (momentId: string) => call(unlikeMoment, { momentId }).then(put),
    comment: (momentId: string, text: string, replyTo?: string) =>
      call(commentMoment, { momentId, text, ...(replyTo ? { replyTo } : {}) }).then(put),
    deleteComment: (commentId: string) => call(deleteMomentComment, { commentId }).then(put),
  };
}

/** My interaction list; opening it reads it, so the Discover count goes to 0 with it. */
export function useMomentInteractions() {
  const client = useQueryClient();
  return useQuery({
    queryKey: momentInteractionsKey,
    queryFn: async ({ signal }) => {
      const { list } = await call(getMomentInteractions, {}, { signal });
      updateMomentNotices(client, { topicReply: { count: 0 } });
      return list;
    },
    staleTime: 0,
  });
}

export function useClearMomentInteractions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(clearMomentInteractions, {}),
    onSuccess: () => {
      client.setQueryData(momentInteractionsKey, []);
      updateMomentNotices(client, { topicReply: { count: 0 } });
    },
  });
}

/** A user's cover image ('' for the default). */
export function useMomentCover(userId: string) {
  return useQuery({
    queryKey: momentCoverKey(userId),
    queryFn: ({ signal }) => call(getMomentCover, { userId }, { signal }).then((data) => data.cover),
    enabled: userId !== '',
  });
}

export function useSetMomentCover(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cover: string) => call(setMomentCover, { cover }).then((data) => data.cover),
    onSuccess: (cover) => client.setQueryData(momentCoverKey(userId), cover),
  });
}

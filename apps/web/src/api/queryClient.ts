import { QueryClient } from '@tanstack/react-query';

/**
 * The server state cache, one per app (made by the bootstrap). No automatic retries: the
 * request function already tells the person about a failure, and a retry would tell them again.
 * When the network comes back (api/online.ts), what is on screen loads again, however fresh it
 * looked: the pushes that keep the cache up to date were missed meanwhile.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: 'always',
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

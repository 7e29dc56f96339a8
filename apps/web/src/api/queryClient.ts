import { QueryClient } from '@tanstack/react-query';

/**
 * The server state cache, one per app (made by the bootstrap). No automatic retries: the
 * request function already tells the person about a failure, and a retry would tell them again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

import { QueryClient } from '@tanstack/react-query';

/**
 * Server state cache. No automatic retries: the request function already tells the person
 * about a failure, and a retry would tell them again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

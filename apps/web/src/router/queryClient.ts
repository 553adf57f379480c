import { QueryClient } from '@tanstack/react-query';

/**
 * Server state of the whole app. No retries: the request client has already told the user what
 * went wrong, and a retry would repeat the toast.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

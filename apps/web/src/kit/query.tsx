import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';

/**
 * The kit's server-state cache. The app may provide its own QueryClient at the root; kit widgets
 * rendered without one use this shared client, so they work either way.
 */
export const kitQueryClient = new QueryClient({
  defaultOptions: {
    // The request client already told the user what went wrong; retrying would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
    mutations: { retry: false },
  },
});

/** Renders the children under the app's QueryClient, or the kit's when the app has none. */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const appClient = useContext(QueryClientContext);
  if (appClient) return children;
  return <QueryClientProvider client={kitQueryClient}>{children}</QueryClientProvider>;
}

'use client';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { MAX_TRPC_BATCH } from '@/server/trpc/batch-limit';
import { useState, type ReactNode } from 'react';
import { refreshSession } from '../_lib/auth-api';
import { problemOf } from '../_lib/problem';
import { trpc } from '../_lib/trpc';
import { authHeaders } from '../_lib/session-store';
import { AuthProvider } from './auth-provider';

// A 401 means the access token (or its session) is gone: try one silent refresh, then refetch;
// if the refresh fails the session store empties and the app shows the sign-in page.
function onUnauthorized(error: unknown, client: () => QueryClient): void {
  if (problemOf(error).status !== 401) return;
  void refreshSession()
    .then((session) => session && client().invalidateQueries())
    .catch(() => undefined);
}

function isUnauthorized(error: unknown): boolean {
  return problemOf(error).status === 401;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client: QueryClient = new QueryClient({
      queryCache: new QueryCache({ onError: (error) => onUnauthorized(error, () => client) }),
      mutationCache: new MutationCache({ onError: (error) => onUnauthorized(error, () => client) }),
      defaultOptions: {
        queries: {
          retry: (count, error) => !isUnauthorized(error) && problemOf(error).status >= 500 && count < 1,
          refetchOnWindowFocus: false,
          staleTime: 15_000,
        },
      },
    });
    return client;
  });
  const [trpcClient] = useState(() =>
    trpc.createClient({
      links: [
        // big answers (an activity's streams) travel alone, so they never hold back a batch
        splitLink({
          condition: (op) => op.context.skipBatch === true,
          true: httpLink({ url: '/api/trpc', headers: () => authHeaders() }),
          false: httpBatchLink({ url: '/api/trpc', headers: () => authHeaders(), maxItems: MAX_TRPC_BATCH }),
        }),
      ],
    }),
  );
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

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

/** waits out this many 429s (or 503s) of one query or mutation before showing the problem */
const MAX_WAITS = 10;
const DEFAULT_WAIT_S = 5;
const MAX_WAIT_S = 120;

/** Turned away for now: a 429 (rate limit) or 503 (database restarting); the call did nothing. */
function mustWait(error: unknown): boolean {
  const { status } = problemOf(error);
  return status === 429 || status === 503;
}

/** The Retry-After the service gave, with a little spread so waiting tabs do not all return at once. */
function waitMs(failures: number, error: unknown): number {
  if (!mustWait(error)) return Math.min(1000 * 2 ** failures, 30_000);
  const seconds = Math.min(problemOf(error).retry_after ?? DEFAULT_WAIT_S, MAX_WAIT_S);
  return seconds * 1000 + Math.random() * 500;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client: QueryClient = new QueryClient({
      queryCache: new QueryCache({ onError: (error) => onUnauthorized(error, () => client) }),
      mutationCache: new MutationCache({ onError: (error) => onUnauthorized(error, () => client) }),
      defaultOptions: {
        // a query turned away by the rate limit waits out Retry-After and asks again by itself: a
        // page never stays a skeleton for good after a burst of clicks
        queries: {
          retry: (count, error) => (mustWait(error) ? count < MAX_WAITS : !isUnauthorized(error) && problemOf(error).status >= 500 && count < 1),
          retryDelay: waitMs,
          refetchOnWindowFocus: false,
          staleTime: 15_000,
        },
        // a refused mutation changed nothing (the limit is checked first): sent again after the wait
        mutations: { retry: (count, error) => mustWait(error) && count < MAX_WAITS, retryDelay: waitMs },
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

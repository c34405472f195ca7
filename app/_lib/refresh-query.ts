/**
 * Fetches a query again after a change. react-query's invalidate alone does not: while the
 * query's first fetch is still in flight (no data yet), it hands that fetch's answer, read before
 * the change, to the invalidation instead of fetching again, and the list stays stale. Cancelling
 * first drops that answer (tRPC's request still completes, unread).
 */
export async function refreshQuery(query: { cancel(): Promise<void>; invalidate(): Promise<void> }): Promise<void> {
  await query.cancel();
  await query.invalidate();
}

import type { Db, Tx } from '@/db/client';
import { refreshDailyLoads } from './refresh-daily-loads';
import { loadContext, writeActivityLoads, type MeasuredActivity } from './write-activity-loads';

/**
 * Ingest (CONTRACT: … Training load: "computed … at ingest from the thresholds in effect"): the
 * loads of newly stored activities from what their parse worker measured, and their days' sums,
 * inside the storing transaction.
 */
export async function storeNewActivityLoads(tx: Db | Tx, userId: number, measured: readonly MeasuredActivity[]): Promise<void> {
  if (!measured.length) return;
  const days = await writeActivityLoads(tx, userId, measured, await loadContext(tx, userId));
  await refreshDailyLoads(tx, userId, days);
}

import type { Db, Tx } from '@/db/client';
import { refreshDailyLoads } from './refresh-daily-loads';
import { writeLoadInputs, type MeasuredActivity } from './write-activity-loads';

/**
 * Ingest (CONTRACT: … Training load: "computed … at ingest from the thresholds in effect"): the
 * new activities were inserted with their load (loadOn); here what their parse worker measured,
 * for later threshold changes, and their days' sums, inside the storing transaction.
 */
export async function storeNewActivityLoads(
  tx: Db | Tx,
  userId: number,
  measured: readonly Omit<MeasuredActivity, 'startTime'>[],
  days: readonly string[],
): Promise<void> {
  await writeLoadInputs(tx, userId, measured);
  await refreshDailyLoads(tx, userId, days);
}

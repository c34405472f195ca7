import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { trainingThresholds } from '@/db/schema';
import type { ThresholdResponse } from './schemas';

/** A threshold entry as its response has it (also read beside the user's timezone at ingest). */
export const thresholdFields = {
  id: trainingThresholds.id,
  effective_from: trainingThresholds.effectiveFrom,
  max_hr: trainingThresholds.maxHr,
  resting_hr: trainingThresholds.restingHr,
  lthr: trainingThresholds.lthr,
  ftp: trainingThresholds.ftp,
  threshold_pace: trainingThresholds.thresholdPace,
};

/** The user's threshold entries, oldest effective day first. */
export async function listThresholds(db: Db | Tx, userId: number): Promise<ThresholdResponse[]> {
  return db.select(thresholdFields).from(trainingThresholds).where(eq(trainingThresholds.userId, userId)).orderBy(asc(trainingThresholds.effectiveFrom));
}

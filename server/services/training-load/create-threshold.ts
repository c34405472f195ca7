import type { Db } from '@/db/client';
import { trainingThresholds } from '@/db/schema';
import { validationError } from '@/server/errors';
import { dispatchJob } from '@/server/job-queue/dispatch-job';
import { queueLoadRecompute } from './queue-load-recompute';
import type { CreateThresholdInput, ThresholdResponse } from './schemas';

const FIGURES = ['max_hr', 'resting_hr', 'lthr', 'ftp', 'threshold_pace'] as const;

/**
 * Adds an entry; an entry without any figure is refused (422): it would switch training load off
 * from its day on, which nobody means by submitting an empty form (issue 50). An entry of the
 * same effective day is replaced (that is how one is edited), so a day never has two. Every load
 * is then recomputed by a job.
 */
export async function createThreshold(db: Db, userId: number, input: CreateThresholdInput): Promise<ThresholdResponse> {
  if (FIGURES.every((figure) => input[figure] == null)) {
    throw validationError(
      [{ field: '', message: `an entry needs at least one value (${FIGURES.join(', ')})` }],
      'A thresholds entry needs at least one value.',
    );
  }
  const values = {
    effectiveFrom: input.effective_from,
    maxHr: input.max_hr,
    restingHr: input.resting_hr,
    lthr: input.lthr,
    ftp: input.ftp,
    thresholdPace: input.threshold_pace,
  };
  const { row, job } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(trainingThresholds)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: [trainingThresholds.userId, trainingThresholds.effectiveFrom], set: values })
      .returning();
    return { row: row!, job: await queueLoadRecompute(tx, userId) };
  });
  if (job) await dispatchJob(db, job);
  return {
    id: row.id,
    effective_from: row.effectiveFrom,
    max_hr: row.maxHr,
    resting_hr: row.restingHr,
    lthr: row.lthr,
    ftp: row.ftp,
    threshold_pace: row.thresholdPace,
  };
}

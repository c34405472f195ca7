import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { trainingThresholds } from '@/db/schema';
import { AppError } from '@/server/errors';
import { dispatchJob } from '@/server/job-queue/dispatch-job';
import { queueLoadRecompute } from './queue-load-recompute';

/** Removes one of the user's entries (another user's or an unknown one is a 404) and recomputes loads. */
export async function deleteThreshold(db: Db, userId: number, thresholdId: number): Promise<void> {
  const job = await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(trainingThresholds)
      .where(and(eq(trainingThresholds.id, thresholdId), eq(trainingThresholds.userId, userId)))
      .returning({ id: trainingThresholds.id });
    if (!deleted.length) throw new AppError('not_found', { detail: 'No such thresholds entry.' });
    return queueLoadRecompute(tx, userId);
  });
  if (job) await dispatchJob(db, job);
}

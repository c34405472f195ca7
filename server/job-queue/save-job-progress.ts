import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs, type JobItemError, type JobProgress } from '@/db/schema';

export interface JobProgressUpdate {
  progress?: JobProgress;
  /** every activity the job created so far */
  activityIds?: number[];
  /** every item error so far */
  errors?: JobItemError[];
}

/**
 * Writes a job's progress as absolute values, so a step replayed after a crash writes the same
 * thing again instead of counting twice (server/jobs/README.md).
 */
export async function saveJobProgress(db: Db, jobId: string, update: JobProgressUpdate): Promise<void> {
  const set: Partial<typeof jobs.$inferInsert> = {};
  if (update.progress) set.progress = update.progress;
  if (update.activityIds) set.activityIds = update.activityIds;
  if (update.errors) set.errors = update.errors;
  if (Object.keys(set).length === 0) return;
  await db.update(jobs).set(set).where(eq(jobs.id, jobId));
}

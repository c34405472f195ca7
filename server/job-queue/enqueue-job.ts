import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '@/db/client';
import { jobs, type JobKind, type JobRow } from '@/db/schema';
import { now } from '@/server/clock';
import { dispatchJob } from './dispatch-job';

export const EMPTY_PROGRESS = { total: 0, done: 0, created: 0, skipped: 0, failed: 0 } as const;

export interface NewJob {
  kind: JobKind;
  userId: number;
  payload: Record<string, unknown>;
}

/** Records a queued job and hands it to the runner in force (embedded or Inngest). */
export async function enqueueJob(db: Db, job: NewJob): Promise<JobRow> {
  const row = await recordJob(db, job);
  await dispatchJob(db, row);
  return row;
}

/**
 * Only the row, for callers that decide inside a transaction whether to start a job: they call
 * dispatchJob after the commit (Inngest could otherwise run the job before its row is visible).
 */
export async function recordJob(db: Db | Tx, job: NewJob): Promise<JobRow> {
  const [row] = await db
    .insert(jobs)
    .values({ id: randomUUID(), kind: job.kind, userId: job.userId, payload: job.payload, progress: { ...EMPTY_PROGRESS }, runAfter: now() })
    .returning();
  return row!;
}

/** The polling path of a job (CONTRACT: Ingestion jobs). */
export function jobStatusUrl(jobId: string): string {
  return `/api/v1/activities/ingestion-jobs/${jobId}`;
}

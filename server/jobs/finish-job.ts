import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs } from '@/db/schema';
import { now } from '@/server/rate-limit/clock';
import { jobProblemOf } from './job-problem';

// The end of a job, whichever runner ran it. A finished job is never finished again.

const UNFINISHED = ['queued', 'running'] as const;

/** True when this call finished the job (false: it was finished before). */
export async function markJobSucceeded(db: Db, jobId: string, result: unknown): Promise<boolean> {
  const finished = await db
    .update(jobs)
    .set({ status: 'succeeded', result: result === undefined ? null : JSON.parse(JSON.stringify(result)), finishedAt: now(), lockedBy: null, leaseUntil: null })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, UNFINISHED)))
    .returning({ id: jobs.id });
  return finished.length > 0;
}

/** True when this call finished the job (false: it was finished before). */
export async function markJobFailed(db: Db, jobId: string, error: unknown): Promise<boolean> {
  const finished = await db
    .update(jobs)
    .set({ status: 'failed', error: jobProblemOf(error), finishedAt: now(), lockedBy: null, leaseUntil: null })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, UNFINISHED)))
    .returning({ id: jobs.id });
  return finished.length > 0;
}

/** The first run of a job, under either runner. */
export async function markJobRunning(db: Db, jobId: string): Promise<void> {
  const at = now();
  await db
    .update(jobs)
    .set({ status: 'running', startedAt: at })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued')));
}

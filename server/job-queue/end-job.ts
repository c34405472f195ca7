import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs, type JobKind } from '@/db/schema';
import { now } from '@/server/clock';
import { jobProblemOf } from './job-problem';

// The end of a job's row, whichever runner ran it, or when no runner could be reached. A finished
// job is never finished again. What the job held on disk is released by the runners
// (server/jobs/finish-job.ts), which know the job kinds.

const UNFINISHED = ['queued', 'running'] as const;

/** The kind and payload of the job this call finished; undefined when it was finished before. */
export type EndedJob = { kind: JobKind; payload: unknown } | undefined;

export async function endJobSucceeded(db: Db, jobId: string, result: unknown): Promise<EndedJob> {
  const [ended] = await db
    .update(jobs)
    .set({ status: 'succeeded', result: result === undefined ? null : JSON.parse(JSON.stringify(result)), finishedAt: now(), lockedBy: null, leaseUntil: null })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, UNFINISHED)))
    .returning({ kind: jobs.kind, payload: jobs.payload });
  return ended;
}

export async function endJobFailed(db: Db, jobId: string, error: unknown): Promise<EndedJob> {
  const [ended] = await db
    .update(jobs)
    .set({ status: 'failed', error: jobProblemOf(error), finishedAt: now(), lockedBy: null, leaseUntil: null })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, UNFINISHED)))
    .returning({ kind: jobs.kind, payload: jobs.payload });
  return ended;
}

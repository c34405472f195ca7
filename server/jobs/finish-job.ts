import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs } from '@/db/schema';
import { now } from '@/server/clock';
import { removeUploadedArchives } from '@/server/services/archive-import/remove-uploaded-archives';
import { jobProblemOf } from './job-problem';

// The end of a job, whichever runner ran it. A finished job is never finished again, and what it
// kept on disk for its run is released once, when it ends.

const UNFINISHED = ['queued', 'running'] as const;

type Ended = { kind: string; payload: unknown } | undefined;

/** Releases what the job held and tells whether this call finished it (false: it was finished before). */
async function released(ended: Ended): Promise<boolean> {
  // An uploaded archive goes when its import ends, succeeded or failed
  if (ended?.kind === 'archive_import') await removeUploadedArchives(ended.payload as object);
  return ended !== undefined;
}

/** True when this call finished the job (false: it was finished before). */
export async function markJobSucceeded(db: Db, jobId: string, result: unknown): Promise<boolean> {
  const [ended] = await db
    .update(jobs)
    .set({ status: 'succeeded', result: result === undefined ? null : JSON.parse(JSON.stringify(result)), finishedAt: now(), lockedBy: null, leaseUntil: null })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, UNFINISHED)))
    .returning({ kind: jobs.kind, payload: jobs.payload });
  return released(ended);
}

/** True when this call finished the job (false: it was finished before). */
export async function markJobFailed(db: Db, jobId: string, error: unknown): Promise<boolean> {
  const [ended] = await db
    .update(jobs)
    .set({ status: 'failed', error: jobProblemOf(error), finishedAt: now(), lockedBy: null, leaseUntil: null })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, UNFINISHED)))
    .returning({ kind: jobs.kind, payload: jobs.payload });
  return released(ended);
}

/** The first run of a job, under either runner. */
export async function markJobRunning(db: Db, jobId: string): Promise<void> {
  const at = now();
  await db
    .update(jobs)
    .set({ status: 'running', startedAt: at })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued')));
}

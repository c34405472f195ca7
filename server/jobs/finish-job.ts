import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs } from '@/db/schema';
import { now } from '@/server/clock';
import { endJobFailed, endJobSucceeded, type EndedJob } from '@/server/job-queue/end-job';
import { removeUploadedArchives } from '@/server/services/archive-import/remove-uploaded-archives';

// The end of a job under either runner: its row (server/job-queue/end-job.ts), then what it kept
// on disk for its run, released once, when it ends.

/** Releases what the job held and tells whether this call finished it (false: it was finished before). */
async function released(ended: EndedJob): Promise<boolean> {
  // An uploaded archive goes when its import ends, succeeded or failed
  if (ended?.kind === 'archive_import') await removeUploadedArchives(ended.payload as object);
  return ended !== undefined;
}

/** True when this call finished the job (false: it was finished before). */
export async function markJobSucceeded(db: Db, jobId: string, result: unknown): Promise<boolean> {
  return released(await endJobSucceeded(db, jobId, result));
}

/** True when this call finished the job (false: it was finished before). */
export async function markJobFailed(db: Db, jobId: string, error: unknown): Promise<boolean> {
  return released(await endJobFailed(db, jobId, error));
}

/** The first run of a job, under either runner. */
export async function markJobRunning(db: Db, jobId: string): Promise<void> {
  const at = now();
  await db
    .update(jobs)
    .set({ status: 'running', startedAt: at })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued')));
}

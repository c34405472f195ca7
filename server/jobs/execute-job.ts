import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs } from '@/db/schema';
import { isAppError } from '@/server/errors';
import { markJobFailed, markJobRunning, markJobSucceeded } from './finish-job';
import { jobBodyFor } from './job-bodies';
import { publishJobFinished } from './publish-job-finished';
import type { JobLogger, JobStep } from './job-body';

export type ExecuteOutcome = 'succeeded' | 'failed' | 'finished-before';

/**
 * Runs a job's body with the step tools of the runner in force and records the outcome. An
 * AppError is the body's way to fail the job with that problem (424, 429, 404…); any other error
 * propagates so the runner retries (and calls markJobFailed after its last attempt). A pause
 * (sleepUntil) also propagates: it is the runner's own signal.
 */
export async function executeJob(db: Db, jobId: string, step: JobStep, logger: JobLogger): Promise<ExecuteOutcome> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job || job.status === 'succeeded' || job.status === 'failed') return 'finished-before';
  await markJobRunning(db, jobId);
  const body = await jobBodyFor(job.kind);
  if (!body) {
    logger.error({ job_id: jobId, kind: job.kind }, 'no job body registered for this kind');
    await markJobFailed(db, jobId, new Error(`no body for ${job.kind}`));
    return 'failed';
  }
  try {
    const result = await body({ jobId, payload: job.payload as never, step, db, logger });
    if (await markJobSucceeded(db, jobId, result)) await publishJobFinished(db, jobId);
    return 'succeeded';
  } catch (error) {
    if (!isAppError(error)) throw error;
    logger.warn({ job_id: jobId, kind: job.kind, problem: error.kind, detail: error.detail }, 'job failed');
    if (await markJobFailed(db, jobId, error)) await publishJobFinished(db, jobId);
    return 'failed';
  }
}

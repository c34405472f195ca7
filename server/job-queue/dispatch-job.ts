import type { Db } from '@/db/client';
import type { JobRow } from '@/db/schema';
import { usesInngest } from '@/server/env';
import { AppError } from '@/server/errors';
import { log } from '@/server/log/logger';
import { endJobFailed } from './end-job';
import { inngest, jobEventName, type JobEventData } from './inngest-client';
import { wakeEmbeddedRunner } from './wake-embedded-runner';

/**
 * Hands a new job to the runner in force. The embedded runner polls the table anyway; waking it
 * only saves the poll interval. Under Inngest the job runs when its event arrives; an event that
 * cannot be sent fails the job at once (503) rather than leaving it queued for ever; the service
 * that started it hears the 503 and drops what it kept for the job (an uploaded archive:
 * startUploadedArchiveImport).
 */
export async function dispatchJob(db: Db, job: JobRow): Promise<void> {
  if (!usesInngest()) {
    wakeEmbeddedRunner();
    return;
  }
  try {
    await inngest.send({ name: jobEventName(job.kind), data: { job_id: job.id, user_id: job.userId } satisfies JobEventData });
  } catch (cause) {
    log().error({ err: cause, job_id: job.id }, 'could not send the job to Inngest');
    const error = new AppError('service_unavailable', { detail: 'The job runner cannot be reached; try again later.', cause });
    await endJobFailed(db, job.id, error);
    throw error;
  }
}

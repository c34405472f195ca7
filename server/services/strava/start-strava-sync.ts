import type { Db } from '@/db/client';
import { AppError } from '@/server/errors';
import { enqueueJob } from '@/server/job-queue/enqueue-job';
import { jobHandle } from '@/server/job-queue/job-record';
import type { StravaSyncInput } from './schemas';

/**
 * spec: External provider synchronization: 202 with an ingestion job handle; nothing is fetched
 * on the request (the provider_sync job does it, server/jobs/provider-sync-job.ts).
 */
export async function startStravaSync(db: Db, userId: number, range: StravaSyncInput): Promise<ReturnType<typeof jobHandle>> {
  if (range.start_date > range.end_date) throw new AppError('invalid_input', { detail: 'start_date is later than end_date.' });
  const job = await enqueueJob(db, { kind: 'provider_sync', userId, payload: { userId, start_date: range.start_date, end_date: range.end_date } });
  return jobHandle(job);
}

import type { Db } from '@/db/client';
import type { JobRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import { getJobOrThrow } from '@/server/job-queue/get-job-or-throw';

/** The caller's export job; another user's job, or a job of another kind, is 404 like an unknown id. */
export async function getAccountExportOrThrow(db: Db, userId: number, jobId: string): Promise<JobRow> {
  const row = await getJobOrThrow(db, userId, jobId);
  if (row.kind !== 'account_export') throw new AppError('not_found', { detail: 'No such export.' });
  return row;
}

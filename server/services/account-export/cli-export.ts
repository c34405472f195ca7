import type { Db } from '@/db/client';
import type { JobRow } from '@/db/schema';
import { getJobOfKindOrThrow } from '@/server/job-queue/get-job-or-throw';
import { userNamedOrThrow } from '../users/find-user-by-name';
import { queueAccountExport } from './queue-account-export';

// `npm run export -- --user <name> <path>`, whether the CLI opens the database itself or hands the
// job to the running server: the account named case-insensitively, through the job that
// POST /profile/export starts. No step-up: the caller is the server's operator.

export async function startCliExport(db: Db, username: string): Promise<{ job: JobRow; username: string }> {
  const user = await userNamedOrThrow(db, username);
  return { job: await queueAccountExport(db, user.id), username: user.username };
}

/** The export job a CLI started (any user's). */
export function cliExportJob(db: Db, jobId: string): Promise<JobRow> {
  return getJobOfKindOrThrow(db, 'account_export', jobId, 'No such account export.');
}

import { isAbsolute } from 'node:path';
import type { Db } from '@/db/client';
import type { JobRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import { getJobOfKindOrThrow } from '@/server/job-queue/get-job-or-throw';
import { userNamedOrThrow } from '../users/find-user-by-name';
import { enqueueArchiveImport } from './start-archive-import';

// `npm run import -- --user <name> <path>`, whether the CLI opens the database itself or hands
// the job to the running server: any export on the server's disk (the operator's command), for
// the user named case-insensitively, through the archive-import job the API starts.

export async function startCliImport(db: Db, username: string, path: string): Promise<{ job: JobRow; username: string }> {
  if (!isAbsolute(path)) throw new AppError('validation_failed', { errors: [{ field: 'path', message: 'must be an absolute path' }] });
  const user = await userNamedOrThrow(db, username);
  return { job: await enqueueArchiveImport(db, user.id, [path]), username: user.username };
}

/** The job a CLI import started (any user's: the caller is the server's operator). */
export function cliImportJob(db: Db, jobId: string): Promise<JobRow> {
  return getJobOfKindOrThrow(db, 'archive_import', jobId, 'No such archive import.');
}

import { isAbsolute } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs, users, type JobRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import { isUuid } from '@/server/util/uuid';
import { enqueueArchiveImport } from './start-archive-import';

// `npm run import -- --user <name> <path>`, whether the CLI opens the database itself or hands
// the job to the running server: any export on the server's disk (the operator's command), for
// the user named case-insensitively, through the archive-import job the API starts.

export async function startCliImport(db: Db, username: string, path: string): Promise<{ job: JobRow; username: string }> {
  if (!isAbsolute(path)) throw new AppError('validation_failed', { errors: [{ field: 'path', message: 'must be an absolute path' }] });
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (!user) throw new AppError('not_found', { detail: `No user named "${username}".` });
  return { job: await enqueueArchiveImport(db, user.id, [path]), username: user.username };
}

/** The job a CLI import started (any user's: the caller is the server's operator). */
export async function cliImportJob(db: Db, jobId: string): Promise<JobRow> {
  const [row] = isUuid(jobId)
    ? await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, jobId), eq(jobs.kind, 'archive_import')))
    : [];
  if (!row) throw new AppError('not_found', { detail: 'No such archive import.' });
  return row;
}

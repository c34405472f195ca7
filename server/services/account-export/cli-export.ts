import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs, users, type JobRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import { isUuid } from '@/server/util/uuid';
import { queueAccountExport } from './queue-account-export';

// `npm run export -- --user <name> <path>`, whether the CLI opens the database itself or hands the
// job to the running server: the account named case-insensitively, through the job that
// POST /profile/export starts. No step-up: the caller is the server's operator.

export async function startCliExport(db: Db, username: string): Promise<{ job: JobRow; username: string }> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (!user) throw new AppError('not_found', { detail: `No user named "${username}".` });
  return { job: await queueAccountExport(db, user.id), username: user.username };
}

/** The export job a CLI started (any user's). */
export async function cliExportJob(db: Db, jobId: string): Promise<JobRow> {
  const [row] = isUuid(jobId)
    ? await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, jobId), eq(jobs.kind, 'account_export')))
    : [];
  if (!row) throw new AppError('not_found', { detail: 'No such account export.' });
  return row;
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs, type JobRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import { isUuid } from '@/server/util/uuid';

/** A job of the caller; another user's job is 404 like an unknown one (CONTRACT: Ingestion jobs). */
export async function getJobOrThrow(db: Db, userId: number, jobId: string): Promise<JobRow> {
  const [row] = isUuid(jobId)
    ? await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, jobId), eq(jobs.userId, userId)))
    : [];
  if (!row) throw new AppError('not_found', { detail: 'No such job.' });
  return row;
}

import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs, type JobRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import { isUuid } from '@/server/util/uuid';

/** The job `jobId` if `condition` holds for it; a malformed id is as unknown as a missing job. */
async function jobWhere(db: Db, jobId: string, condition: SQL, notFound: string): Promise<JobRow> {
  const [row] = isUuid(jobId)
    ? await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, jobId), condition))
    : [];
  if (!row) throw new AppError('not_found', { detail: notFound });
  return row;
}

/** A job of the caller; another user's job is 404 like an unknown one (CONTRACT: Ingestion jobs). */
export function getJobOrThrow(db: Db, userId: number, jobId: string): Promise<JobRow> {
  return jobWhere(db, jobId, eq(jobs.userId, userId), 'No such job.');
}

/** A job of one kind, any user's: the CLIs' (the caller is the server's operator). */
export function getJobOfKindOrThrow(db: Db, kind: JobRow['kind'], jobId: string, notFound: string): Promise<JobRow> {
  return jobWhere(db, jobId, eq(jobs.kind, kind), notFound);
}

import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs, type JobKind, type JobRow } from '@/db/schema';

/** The caller's most recent jobs, newest first, so a sync or import left running can be found again. */
export async function listJobs(db: Db, userId: number, options: { kind?: JobKind; limit?: number } = {}): Promise<JobRow[]> {
  const where: SQL[] = [eq(jobs.userId, userId)];
  if (options.kind) where.push(eq(jobs.kind, options.kind));
  return db
    .select()
    .from(jobs)
    .where(and(...where))
    .orderBy(desc(jobs.createdAt))
    .limit(options.limit ?? 20);
}

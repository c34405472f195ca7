import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { jobs, type JobRow } from '@/db/schema';
import { recordJob } from '@/server/job-queue/enqueue-job';

/**
 * CONTRACT: … Training load: "a change recomputes every affected activity and day in a job". Inside
 * the change's transaction (the caller dispatches after commit). A queued job has not read the
 * thresholds yet, so it covers this change too; a running one may have, so another is queued.
 */
export async function queueLoadRecompute(tx: Tx, userId: number): Promise<JobRow | null> {
  const [queued] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.kind, 'load_recompute'), eq(jobs.status, 'queued')))
    .limit(1);
  return queued ? null : recordJob(tx, { kind: 'load_recompute', userId, payload: { userId } });
}

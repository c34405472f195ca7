import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs, type JobRow } from '@/db/schema';
import { dispatchJob } from '@/server/jobs/dispatch-job';
import { recordJob } from '@/server/jobs/enqueue-job';
import { staleRouteActivities } from './stale-route-activities';

const ROUTE_BACKFILL_LOCK = 7323;

/**
 * At start: a route_backfill job for each user with activities that lack a current route, unless
 * one is queued or running. The look and the insert hold a per-user lock, so instances starting
 * together queue one job per user; the job runs on one of them.
 */
export async function queueRouteBackfills(db: Db): Promise<JobRow[]> {
  const users = await staleRouteActivities(db).then((rows) => [...new Set(rows.map((r) => r.userId))]);
  const queued: JobRow[] = [];
  for (const userId of users) {
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ROUTE_BACKFILL_LOCK}, ${userId})`);
      const [pending] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.userId, userId), eq(jobs.kind, 'route_backfill'), inArray(jobs.status, ['queued', 'running'])))
        .limit(1);
      return pending ? null : recordJob(tx, { kind: 'route_backfill', userId, payload: { userId } });
    });
    if (row) {
      await dispatchJob(db, row);
      queued.push(row);
    }
  }
  return queued;
}

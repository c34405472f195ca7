import type { Db } from '@/db/client';
import type { JobRow } from '@/db/schema';
import { queueUserBackfills } from '@/server/job-queue/queue-user-backfills';
import { staleRouteActivities } from './stale-route-activities';

/** At start: a route_backfill job for each user with activities that lack a current route (queue-user-backfills.ts). */
export async function queueRouteBackfills(db: Db): Promise<JobRow[]> {
  const rows = await staleRouteActivities(db);
  return queueUserBackfills(
    db,
    'route_backfill',
    rows.map((r) => r.userId),
  );
}

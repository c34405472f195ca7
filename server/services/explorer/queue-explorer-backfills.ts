import type { Db } from '@/db/client';
import type { JobRow } from '@/db/schema';
import { queueUserBackfills } from '@/server/job-queue/queue-user-backfills';
import { staleTileActivities } from './backfill-activity-tiles';

/** At start: an explorer_backfill job for each user with activities that lack current tiles. */
export async function queueExplorerBackfills(db: Db): Promise<JobRow[]> {
  const rows = await staleTileActivities(db);
  return queueUserBackfills(
    db,
    'explorer_backfill',
    rows.map((r) => r.userId),
  );
}

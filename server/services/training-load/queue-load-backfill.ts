import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { JobRow } from '@/db/schema';
import { queueBackfillsOf } from '@/server/job-queue/queue-user-backfills';
import { LOAD_ALGORITHM_VERSION } from '@/server/formats/metrics/training-load';

// CONTRACT: Real history … "Changing any of these rules bumps the algorithm version of what it
// touches: the backfill jobs recompute every stored activity (… loads), visible as jobs". At start-up
// each user with an activity whose load inputs are missing or of an older LOAD_ALGORITHM_VERSION gets
// one load_recompute job (it measures those again from the stored streams, then every load).

export function queueLoadBackfill(db: Db): Promise<JobRow[]> {
  return queueBackfillsOf(
    db,
    'load_recompute',
    sql`select distinct a.user_id from activities a left join activity_loads l on l.activity_id = a.id
      where l.algorithm_version is null or l.algorithm_version < ${LOAD_ALGORITHM_VERSION}`,
  );
}

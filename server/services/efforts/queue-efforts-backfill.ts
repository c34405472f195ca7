import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { JobRow } from '@/db/schema';
import { queueBackfillsOf } from '@/server/job-queue/queue-user-backfills';
import { EFFORTS_ALGORITHM_VERSION } from '@/server/formats/metrics/activity-efforts';

// CONTRACT: Beyond the spec … Best efforts and records: the backfill runs "whenever the algorithm's
// version changes", and once for activities stored before the feature. At start-up each user with
// an activity of a missing or older version gets one efforts_backfill job (queue-user-backfills.ts).

export function queueEffortsBackfill(db: Db): Promise<JobRow[]> {
  return queueBackfillsOf(
    db,
    'efforts_backfill',
    sql`select distinct a.user_id from activities a left join activity_effort_versions v on v.activity_id = a.id
      where v.algorithm_version is null or v.algorithm_version < ${EFFORTS_ALGORITHM_VERSION}`,
  );
}

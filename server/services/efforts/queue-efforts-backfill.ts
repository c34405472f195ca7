import { sql } from 'drizzle-orm';
import { isEmbedded, type Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import type { JobRow } from '@/db/schema';
import { dispatchJob } from '@/server/jobs/dispatch-job';
import { recordJob } from '@/server/jobs/enqueue-job';
import { EFFORTS_ALGORITHM_VERSION } from '@/server/formats/metrics/activity-efforts';

// CONTRACT: Beyond the spec … Best efforts and records: the backfill runs "whenever the algorithm's
// version changes", and once for activities stored before the feature. At start-up each user with
// an activity of a missing or older version gets one efforts_backfill job, unless one is queued or
// running: under a transaction-scoped advisory lock, so instances starting together queue it once.

// Any constant: names the lock that orders the start-up check across instances.
const EFFORTS_BACKFILL_LOCK = 7302;

export async function queueEffortsBackfill(db: Db): Promise<JobRow[]> {
  const jobs = await db.transaction(async (tx) => {
    if (!isEmbedded(tx)) await tx.execute(sql`select pg_advisory_xact_lock(${EFFORTS_BACKFILL_LOCK})`);
    const users = await selectRows<{ user_id: number }>(
      tx,
      sql`select distinct a.user_id from activities a left join activity_effort_versions v on v.activity_id = a.id
        where (v.algorithm_version is null or v.algorithm_version < ${EFFORTS_ALGORITHM_VERSION})
          and not exists (select 1 from jobs j where j.user_id = a.user_id and j.kind = 'efforts_backfill' and j.status in ('queued', 'running'))`,
    );
    const queued: JobRow[] = [];
    for (const { user_id } of users) queued.push(await recordJob(tx, { kind: 'efforts_backfill', userId: user_id, payload: { userId: user_id } }));
    return queued;
  });
  for (const job of jobs) await dispatchJob(db, job);
  return jobs;
}

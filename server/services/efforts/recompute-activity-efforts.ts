import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { FIGURES_ALGORITHM_VERSION } from '@/server/formats/figures-version';
import { EFFORTS_ALGORITHM_VERSION } from '@/server/formats/metrics/activity-efforts';
import type { StoredEffortStreams } from '@/server/services/efforts/efforts-task';
import { computeStoredEffortsOffThread } from '@/server/services/efforts/efforts-off-thread';
import { storeEffortsOfActivities } from './store-activity-efforts';

// CONTRACT: Beyond the spec … Best efforts and records: "for every stored activity by a backfill job
// whenever the algorithm's version changes". One batch: the stored streams of activities whose
// efforts are missing or of an older version, measured in a pool worker, written in one statement.

/**
 * Ids of a user's activities whose efforts are missing or older than this algorithm, oldest first.
 * An activity whose figures are stale is left to the figures backfill, which rewrites its streams
 * and then its efforts: measured here from the old streams meanwhile, its efforts could land after
 * the figures job's and pass for current.
 */
export async function listStaleEffortActivities(db: Db, userId: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select a.id from activities a left join activity_effort_versions v on v.activity_id = a.id
      where a.user_id = ${userId} and (v.algorithm_version is null or v.algorithm_version < ${EFFORTS_ALGORITHM_VERSION})
        and not (a.original_path is not null and a.figures_version < ${FIGURES_ALGORITHM_VERSION})
      order by a.id`,
  );
  return rows.map((r) => r.id);
}

/** Recomputes the given activities of the user (a deleted one is skipped); returns how many were written. */
export async function recomputeActivityEfforts(db: Db, userId: number, activityIds: number[]): Promise<number> {
  if (!activityIds.length) return 0;
  const rows = await selectRows<
    { activity_id: number; activity_type: string } & Omit<StoredEffortStreams, 'activityId' | 'activityType' | 'heartRate'> & { heart_rate: string | null }
  >(
    db,
    sql`select a.id as activity_id, a.activity_type, s.time, s.distance, s.power, s.heart_rate, s.altitude, s.speed, s.lat, s.lon
      from activities a left join activity_streams s on s.activity_id = a.id
      where a.user_id = ${userId} and a.id in (${sql.join(
        activityIds.map((id) => sql`${id}::integer`),
        sql`, `,
      )})`,
  );
  const streams: StoredEffortStreams[] = rows.map(({ activity_id, activity_type, heart_rate, ...texts }) => ({
    activityId: activity_id,
    activityType: activity_type,
    heartRate: heart_rate,
    ...texts,
  }));
  const computed = await computeStoredEffortsOffThread(streams);
  await storeEffortsOfActivities(db, userId, computed);
  return computed.length;
}

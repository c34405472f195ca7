import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { EFFORTS_ALGORITHM_VERSION, type ActivityEfforts } from '@/server/formats/metrics/activity-efforts';

// CONTRACT: Beyond the spec … Best efforts and records: an activity's efforts as the worker (or the
// backfill) computed them, with the algorithm's version, in one statement (on PGlite each statement
// is a round trip on the event loop). Rows of distances or durations no longer found are removed,
// the others written over, so the backfill can run it again on a stored activity.

export async function storeActivityEfforts(tx: Tx | Db, userId: number, activityId: number, efforts: ActivityEfforts): Promise<void> {
  const rows: SQL[] = [
    ...efforts.bestEfforts.map(
      (e) =>
        sql`(${activityId}::integer, ${userId}::integer, 'distance', ${e.distance}::double precision, ${e.elapsedTime}::integer, ${e.startOffset}::integer)`,
    ),
    ...efforts.powerCurve.map(
      (p) => sql`(${activityId}::integer, ${userId}::integer, 'power', ${p.duration}::double precision, ${p.watts}::integer, null::integer)`,
    ),
  ];
  const kept = rows.length
    ? sql`(kind, measure) not in (${sql.join(
        [
          ...efforts.bestEfforts.map((e) => sql`('distance', ${e.distance}::double precision)`),
          ...efforts.powerCurve.map((p) => sql`('power', ${p.duration}::double precision)`),
        ],
        sql`, `,
      )})`
    : sql`true`;
  const version = sql`insert into activity_effort_versions (activity_id, algorithm_version) values (${activityId}, ${EFFORTS_ALGORITHM_VERSION})
    on conflict (activity_id) do update set algorithm_version = excluded.algorithm_version`;
  const stale = sql`delete from activity_efforts where activity_id = ${activityId} and ${kept}`;
  if (!rows.length) {
    await tx.execute(sql`with stale as (${stale}) ${version}`);
    return;
  }
  await tx.execute(sql`with stale as (${stale}), version as (${version})
    insert into activity_efforts (activity_id, user_id, kind, measure, value, start_offset) values ${sql.join(rows, sql`, `)}
    on conflict (activity_id, kind, measure) do update set value = excluded.value, start_offset = excluded.start_offset`);
}

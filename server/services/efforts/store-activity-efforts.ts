import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { executeInline } from '@/db/pglite-inline';
import { EFFORTS_ALGORITHM_VERSION, type ActivityEfforts } from '@/server/formats/metrics/activity-efforts';

// CONTRACT: Beyond the spec … Best efforts and records: activities' efforts as the worker (or the
// backfill) computed them, with the algorithm's version, in one statement however many activities
// (on PGlite each statement is a round trip on the event loop, and parsing and planning one per
// activity was most of the backfill's time): the rows go in as one JSON parameter. Rows of
// distances or durations no longer found are removed, the others written over, so the backfill can
// run it again on a stored activity. The removal finds the activities' rows through the primary
// key (`= any(array(…))`): joined to the ids instead, it was planned as a scan of the whole table,
// nearly nine times the index's time for a user with 3,000 activities (bench/README.md).

export interface ComputedEfforts {
  activityId: number;
  efforts: ActivityEfforts;
}

/** One row per effort, in the column order effortRowsSql reads them. */
const effortRows = (computed: readonly ComputedEfforts[]) =>
  computed.flatMap(({ activityId, efforts }) => [
    ...efforts.bestEfforts.map((e) => [activityId, 'distance', e.distance, e.elapsedTime, e.startOffset]),
    ...efforts.powerCurve.map((p) => [activityId, 'power', p.duration, p.watts, null]),
    ...efforts.hrCurve.map((p) => [activityId, 'hr', p.duration, p.bpm, null]),
    ...efforts.gapEfforts.map((e) => [activityId, 'gap', e.distance, e.elapsedTime, e.startOffset]),
  ]);

/** The rows as one JSON parameter, read back as activity_efforts' columns. */
const effortRowsSql = (rows: ReturnType<typeof effortRows>) =>
  sql`select (r->>0)::integer as activity_id, r->>1 as kind, (r->>2)::double precision as measure, (r->>3)::integer as value, (r->>4)::integer as start_offset
    from json_array_elements(${JSON.stringify(rows)}::json) as r`;

export async function storeEffortsOfActivities(tx: Tx | Db, userId: number, computed: readonly ComputedEfforts[]): Promise<void> {
  if (!computed.length) return;
  const ids = JSON.stringify(computed.map((c) => c.activityId));
  await executeInline(
    tx,
    sql`with found as (${effortRowsSql(effortRows(computed))}),
    stored as (select value::integer as activity_id from json_array_elements_text(${ids}::json)),
    stale as (delete from activity_efforts e where e.activity_id = any(array(select activity_id from stored))
      and not exists (select 1 from found f where f.activity_id = e.activity_id and f.kind = e.kind and f.measure = e.measure)),
    version as (insert into activity_effort_versions (activity_id, algorithm_version) select activity_id, ${EFFORTS_ALGORITHM_VERSION}::integer from stored
      on conflict (activity_id) do update set algorithm_version = excluded.algorithm_version)
    insert into activity_efforts (activity_id, user_id, kind, measure, value, start_offset)
    select activity_id, ${userId}::integer, kind, measure, value, start_offset from found
    on conflict (activity_id, kind, measure) do update set value = excluded.value, start_offset = excluded.start_offset`,
  );
}

/**
 * The efforts of activities inserted in this very transaction (ingestion): a plain insert. A new
 * activity has no rows to remove or write over, and storeEffortsOfActivities' removal and
 * overwrite were most of that statement's cost, growing with the table (bench/README.md, "Sixth run").
 */
export async function insertEffortsOfNewActivities(tx: Tx | Db, userId: number, computed: readonly ComputedEfforts[]): Promise<void> {
  if (!computed.length) return;
  const rows = effortRows(computed);
  const ids = JSON.stringify(computed.map((c) => c.activityId));
  const version = sql`insert into activity_effort_versions (activity_id, algorithm_version)
    select value::integer, ${EFFORTS_ALGORITHM_VERSION}::integer from json_array_elements_text(${ids}::json)`;
  if (!rows.length) {
    await executeInline(tx, version);
    return;
  }
  await executeInline(
    tx,
    sql`with version as (${version})
    insert into activity_efforts (activity_id, user_id, kind, measure, value, start_offset)
    select activity_id, ${userId}::integer, kind, measure, value, start_offset from (${effortRowsSql(rows)}) as found`,
  );
}

export function storeActivityEfforts(tx: Tx | Db, userId: number, activityId: number, efforts: ActivityEfforts): Promise<void> {
  return storeEffortsOfActivities(tx, userId, [{ activityId, efforts }]);
}

import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { LOAD_ALGORITHM_VERSION, withRecordNormalizedPower, type LoadActivity, type LoadInputs } from '@/server/formats/metrics/training-load';
import { showsBestEfforts } from '../efforts/sport-families';
import { runJobTaskInWorker } from '../efforts/efforts-off-thread';
import type { StoredLoadStreams } from './load-inputs-task';
import { loadContext, writeActivityLoads, writeLoadInputs } from './write-activity-loads';
import { raiseActivityListVersion } from '../sessions/raise-list-version';

// CONTRACT: … Training load: "a change recomputes every affected activity and day in a job". The
// job's batches: first the inputs of activities stored before loads were measured at ingest, or
// measured by an older LOAD_ALGORITHM_VERSION (their streams decoded in a pool worker), then every
// load again from the stored inputs, by id. The NP is always the record's normalized_power when the
// activity has power (one NP per activity), and the pace-based load reads the activity's figures.

const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

interface ActivityFigures {
  activity_type: string;
  moving_time: number | null;
  distance: number | null;
  normalized_power: number | null;
}

const loadActivity = (r: ActivityFigures): LoadActivity => ({ runFamily: showsBestEfforts(r.activity_type), movingTime: r.moving_time, distance: r.distance });

/** Measures up to `limit` of the user's activities that have no inputs of this version yet; returns how many. */
export async function measureMissingLoadInputs(db: Db, userId: number, limit: number): Promise<number> {
  const rows = await selectRows<{ id: number; start_ms: number; time: string | null; heart_rate: string | null; power: string | null } & ActivityFigures>(
    db,
    sql`select a.id, ${epochMs('a.start_time')} as start_ms, s.time, s.heart_rate, s.power,
        a.activity_type, a.moving_time, a.distance, a.normalized_power
      from activities a left join activity_streams s on s.activity_id = a.id
      where a.user_id = ${userId}
        and not exists (select 1 from activity_loads l where l.activity_id = a.id and l.algorithm_version >= ${LOAD_ALGORITHM_VERSION})
      order by a.id limit ${limit}`,
  );
  if (!rows.length) return 0;
  const streams: StoredLoadStreams[] = rows.map((r) => ({ activityId: r.id, time: r.time, heartRate: r.heart_rate, power: r.power }));
  const fromStreams = await runJobTaskInWorker<{ activityId: number; inputs: LoadInputs }[]>('computeStoredLoadInputs', { activities: streams });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const measured = fromStreams.map((m) => ({ ...m, inputs: withRecordNormalizedPower(m.inputs, byId.get(m.activityId)!.normalized_power) }));
  const context = await loadContext(db, userId);
  await withListVersionDeferred(db, async (tx) => {
    await writeLoadInputs(tx, userId, measured);
    await writeActivityLoads(
      tx,
      userId,
      measured.map((m) => {
        const row = byId.get(m.activityId)!;
        return { ...m, startTime: new Date(Number(row.start_ms)), activity: loadActivity(row) };
      }),
      context,
    );
  });
  return rows.length;
}

/** The loads of up to `limit` of the user's activities after id `afterId`, again; returns the last id or null when none. */
export async function recomputeActivityLoads(db: Db, userId: number, afterId: number, limit: number): Promise<{ lastId: number | null; count: number }> {
  return writeLoadsAgain(db, userId, sql`l.activity_id > ${afterId} order by l.activity_id limit ${limit}`, withListVersionDeferred);
}

/**
 * One activity's load again from its stored inputs, under its type now (a PATCH changed it: the
 * pace-based load is the run family's, CONTRACT: … Pace-based training load); false without inputs.
 * The activity's version and its user's list version are raised as by any write.
 */
export async function recomputeActivityLoad(db: Db, userId: number, activityId: number): Promise<boolean> {
  const { count } = await writeLoadsAgain(db, userId, sql`l.activity_id = ${activityId}`, (_, write) => db.transaction(write));
  return count > 0;
}

async function writeLoadsAgain(
  db: Db,
  userId: number,
  which: SQL,
  inTransaction: (db: Db, write: (tx: Tx) => Promise<void>) => Promise<void>,
): Promise<{ lastId: number | null; count: number }> {
  const rows = await selectRows<
    {
      id: number;
      start_ms: number;
      measured_np: number | null;
      power_seconds: number;
      hr_seconds: [number, number][] | null;
    } & ActivityFigures
  >(
    db,
    sql`select l.activity_id as id, ${epochMs('a.start_time')} as start_ms, l.normalized_power as measured_np, l.power_seconds, l.hr_seconds,
        a.activity_type, a.moving_time, a.distance, a.normalized_power
      from activity_loads l join activities a on a.id = l.activity_id
      where l.user_id = ${userId} and ${which}`,
  );
  if (!rows.length) return { lastId: null, count: 0 };
  const measured = rows.map((r) => ({
    activityId: r.id,
    startTime: new Date(Number(r.start_ms)),
    inputs: withRecordNormalizedPower({ normalizedPower: r.measured_np, powerSeconds: r.power_seconds, hrSeconds: r.hr_seconds }, r.normalized_power),
    activity: loadActivity(r),
  }));
  const context = await loadContext(db, userId);
  await inTransaction(db, (tx) => writeActivityLoads(tx, userId, measured, context));
  return { lastId: rows.at(-1)!.id, count: rows.length };
}

/**
 * Writes without raising the version of the user's activities (migration 0024): the job's steps
 * each write a share of the loads, and reads kept per version keep the answer from before the
 * change until publishRecomputedLoads, when every load is written.
 */
async function withListVersionDeferred(db: Db, write: (tx: Tx) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('stride.defer_list_version', 'on', true)`);
    await write(tx);
  });
}

/** The recompute's last step: one new version of the user's activities for all of its writes. */
export async function publishRecomputedLoads(db: Db, userId: number): Promise<void> {
  await raiseActivityListVersion(db, userId);
}

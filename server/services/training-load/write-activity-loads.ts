import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { executeInline, rowsInline } from '@/db/pglite-inline';
import { trainingThresholds, users } from '@/db/schema';
import { activityLoad, LOAD_ALGORITHM_VERSION, type ActivityLoad, type LoadActivity, type LoadInputs } from '@/server/formats/metrics/training-load';
import { thresholdFields } from './list-thresholds';
import type { ThresholdResponse } from './schemas';
import { localDay } from '@/server/util/local-day';
import { loadThresholds, thresholdsOn } from './thresholds-on';

export interface MeasuredActivity {
  activityId: number;
  startTime: Date;
  inputs: LoadInputs;
  /** what a pace-based load reads of the activity (absent: none) */
  activity?: LoadActivity;
}

export interface LoadContext {
  timezone: string;
  /** as listThresholds gives them: oldest effective day first */
  thresholds: ThresholdResponse[];
}

/**
 * What the load of a user's activities is computed under: their thresholds and profile timezone,
 * in one statement (a user without thresholds is one row without an entry).
 */
export async function loadContext(db: Db | Tx, userId: number): Promise<LoadContext> {
  const fields = { timezone: users.timezone, ...thresholdFields };
  const query = db
    .select(fields)
    .from(users)
    .leftJoin(trainingThresholds, eq(trainingThresholds.userId, users.id))
    .where(eq(users.id, userId))
    .orderBy(asc(trainingThresholds.effectiveFrom));
  // ingest reads it in its transaction: one call on PGlite (db/pglite-inline.ts)
  const rows = await rowsInline(db, query, fields);
  const thresholds = rows.flatMap(({ timezone: _, ...entry }) => (entry.id === null || entry.effective_from === null ? [] : [entry as ThresholdResponse]));
  return { timezone: rows[0]?.timezone ?? 'UTC', thresholds };
}

/** CONTRACT: … Training load: the load under the entry in effect on the activity's start day. */
export function loadOn(context: LoadContext, startTime: Date, inputs: LoadInputs, activity?: LoadActivity): ActivityLoad {
  return activityLoad(inputs, loadThresholds(thresholdsOn(context.thresholds, localDay(startTime, context.timezone))), activity);
}

/** The measured inputs, written over (ingest, and activities stored before loads were measured). */
export async function writeLoadInputs(db: Db | Tx, userId: number, measured: readonly Omit<MeasuredActivity, 'startTime'>[]): Promise<void> {
  if (!measured.length) return;
  const rows = measured.map(
    ({ activityId, inputs }) =>
      sql`(${activityId}::integer, ${userId}::integer, ${inputs.normalizedPower}::double precision, ${inputs.powerSeconds}::integer,
        ${inputs.hrSeconds ? JSON.stringify(inputs.hrSeconds) : null}::jsonb, ${LOAD_ALGORITHM_VERSION}::integer)`,
  );
  await executeInline(
    db,
    sql`insert into activity_loads (activity_id, user_id, normalized_power, power_seconds, hr_seconds, algorithm_version) values ${sql.join(rows, sql`, `)}
    on conflict (activity_id) do update set normalized_power = excluded.normalized_power, power_seconds = excluded.power_seconds, hr_seconds = excluded.hr_seconds,
      algorithm_version = excluded.algorithm_version`,
  );
}

/**
 * The activities' load figures under the thresholds now, in one statement (on PGlite each
 * statement is a round trip on the event loop). The version is raised: the record changed, so
 * an ETag of the old one must not match. The days' sums follow in activity_days (its triggers).
 */
export async function writeActivityLoads(db: Db | Tx, userId: number, measured: readonly MeasuredActivity[], context: LoadContext): Promise<void> {
  if (!measured.length) return;
  const rows = measured.map(({ activityId, startTime, inputs, activity }) => {
    const load = loadOn(context, startTime, inputs, activity);
    return sql`(${activityId}::integer, ${load.trimp}::double precision, ${load.trainingLoad}::double precision, ${load.loadMethod}::text,
      ${load.intensityFactor}::double precision)`;
  });
  await db.execute(sql`update activities a set trimp = v.trimp, training_load = v.training_load, load_method = v.load_method,
      intensity_factor = v.intensity_factor, version = a.version + 1
    from (values ${sql.join(rows, sql`, `)}) as v (id, trimp, training_load, load_method, intensity_factor)
    where a.id = v.id and a.user_id = ${userId}
      and (a.trimp, a.training_load, a.load_method, a.intensity_factor) is distinct from (v.trimp, v.training_load, v.load_method, v.intensity_factor)`);
}

import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { users } from '@/db/schema';
import { activityLoad, type LoadInputs } from '@/server/formats/metrics/training-load';
import { listThresholds } from './list-thresholds';
import { localDay } from './local-day';
import { loadThresholds, thresholdsOn } from './thresholds-on';

export interface MeasuredActivity {
  activityId: number;
  startTime: Date;
  inputs: LoadInputs;
}

/** What the load of a user's activities is computed under: their thresholds and profile timezone. */
export async function loadContext(db: Db | Tx, userId: number) {
  const [user] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
  return { timezone: user?.timezone ?? 'UTC', thresholds: await listThresholds(db, userId) };
}
export type LoadContext = Awaited<ReturnType<typeof loadContext>>;

/**
 * CONTRACT: … Training load: each activity's load under the entry in effect on its start day, with
 * its inputs, in one statement (on PGlite each statement is a round trip on the event loop).
 * Returns the start days, whose daily loads the caller refreshes.
 */
export async function writeActivityLoads(db: Db | Tx, userId: number, measured: readonly MeasuredActivity[], context: LoadContext): Promise<string[]> {
  if (!measured.length) return [];
  const days = new Set<string>();
  const rows = measured.map(({ activityId, startTime, inputs }) => {
    const day = localDay(startTime, context.timezone);
    days.add(day);
    const load = activityLoad(inputs, loadThresholds(thresholdsOn(context.thresholds, day)));
    const hrSeconds = inputs.hrSeconds ? JSON.stringify(inputs.hrSeconds) : null;
    return sql`(${activityId}::integer, ${userId}::integer, ${inputs.normalizedPower}::double precision, ${inputs.powerSeconds}::integer,
      ${hrSeconds}::jsonb, ${load.trimp}::double precision, ${load.trainingLoad}::double precision, ${load.loadMethod}::text,
      ${load.intensityFactor}::double precision)`;
  });
  await db.execute(sql`insert into activity_loads (activity_id, user_id, normalized_power, power_seconds, hr_seconds, trimp, training_load, load_method, intensity_factor)
    values ${sql.join(rows, sql`, `)}
    on conflict (activity_id) do update set normalized_power = excluded.normalized_power, power_seconds = excluded.power_seconds,
      hr_seconds = excluded.hr_seconds, trimp = excluded.trimp, training_load = excluded.training_load,
      load_method = excluded.load_method, intensity_factor = excluded.intensity_factor`);
  return [...days];
}

import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { fitnessSeries, type FitnessDay } from '@/server/formats/metrics/fitness-series';
import type { FitnessInput } from './schemas';

/**
 * CONTRACT: … Training load: `GET /fitness`. The recurrence runs from the user's first day with a
 * visible activity over the stored daily sums (activity_days, one row per active day and type:
 * ~1,800 days for five years), never over the activities themselves.
 */
export async function getFitness(db: Db, userId: number, input: FitnessInput): Promise<FitnessDay[]> {
  // one row of text, "day=load,…": on PGlite 1,800 rows cost the reader three times the sums
  const [row] = await selectRows<{ days: string | null }>(
    db,
    sql`select string_agg(day::text || '=' || load::text, ',' order by day) as days from (
      select day, sum(training_load)::float8 as load from activity_days
      where user_id = ${userId} and day <= ${input.end_date}::date group by day) as by_day`,
  );
  // float8 text is the shortest that reads back as the same double (extra_float_digits ≥ 1, the default)
  const days = (row?.days ? row.days.split(',') : []).map((entry) => entry.split('=') as [string, string]);
  const loads = new Map(days.map(([day, load]) => [day, Number(load)]));
  return fitnessSeries(loads, days[0]?.[0] ?? null, input.start_date, input.end_date).map((d) => ({
    date: d.date,
    load: hundredths(d.load),
    ctl: hundredths(d.ctl),
    atl: hundredths(d.atl),
    tsb: hundredths(d.tsb),
  }));
}

/** Two decimals are finer than any reading of these figures, and five years of days half the bytes. */
const hundredths = (value: number) => Math.round(value * 100) / 100;

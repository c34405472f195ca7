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
  const rows = await selectRows<{ day: string; load: number }>(
    db,
    sql`select day::text as day, sum(training_load)::float8 as load from activity_days
      where user_id = ${userId} and day <= ${input.end_date}::date group by day order by day`,
  );
  const loads = new Map(rows.map((r) => [r.day, Number(r.load)]));
  return fitnessSeries(loads, rows[0]?.day ?? null, input.start_date, input.end_date).map((d) => ({
    date: d.date,
    load: hundredths(d.load),
    ctl: hundredths(d.ctl),
    atl: hundredths(d.atl),
    tsb: hundredths(d.tsb),
  }));
}

/** Two decimals are finer than any reading of these figures, and five years of days half the bytes. */
const hundredths = (value: number) => Math.round(value * 100) / 100;

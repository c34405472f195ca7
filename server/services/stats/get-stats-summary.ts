import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { now } from '@/server/clock';
import type { SummaryResponse } from './schemas';
import { userTimezone } from './user-timezone';

// CONTRACT: Beyond the spec … Statistics and calendar: GET /stats/summary. This week, month and year
// of the profile's timezone (from the period's first local midnight to the next period's), all
// time, and streak_weeks: how many consecutive weeks, counting back from this one, hold at least one
// visible activity (0 when this week has none yet). One statement over the stored figures.

const WINDOWS = ['this_week', 'this_month', 'this_year', 'all_time'] as const;
type Window = (typeof WINDOWS)[number];
type Row = Record<`${Window}_${'count' | 'distance' | 'moving_time' | 'elevation_gain'}`, number> & { streak_weeks: number };

export async function getStatsSummary(db: Db, userId: number): Promise<SummaryResponse> {
  const timezone = await userTimezone(db, userId);
  const local = sql`(${now().toISOString()}::timestamptz at time zone ${timezone})`;
  const within = (period: 'week' | 'month' | 'year'): SQL =>
    sql`a.start_time >= (date_trunc('${sql.raw(period)}', ${local}) at time zone ${timezone})
      and a.start_time < ((date_trunc('${sql.raw(period)}', ${local}) + interval '1 ${sql.raw(period)}') at time zone ${timezone})`;
  const conditions: Record<Window, SQL> = { this_week: within('week'), this_month: within('month'), this_year: within('year'), all_time: sql`true` };
  const columns = WINDOWS.map(
    (w) => sql`count(*) filter (where ${conditions[w]})::integer as ${sql.raw(`${w}_count`)},
      coalesce(sum(a.distance) filter (where ${conditions[w]}), 0)::float8 as ${sql.raw(`${w}_distance`)},
      coalesce(sum(a.moving_time) filter (where ${conditions[w]}), 0)::float8 as ${sql.raw(`${w}_moving_time`)},
      coalesce(sum(a.elevation_gain) filter (where ${conditions[w]}), 0)::float8 as ${sql.raw(`${w}_elevation_gain`)}`,
  );
  // weeks with an activity, newest first: the streak is the run of them that are 0, 1, 2 … weeks before this one
  const streak = sql`(select count(*)::integer from (
      select w, row_number() over (order by w desc) as n from (
        select distinct date_trunc('week', a.start_time at time zone ${timezone}) as w from activities a
        where a.user_id = ${userId} and not a.is_hidden and a.start_time < ((date_trunc('week', ${local}) + interval '1 week') at time zone ${timezone})) weeks
      ) numbered where w = date_trunc('week', ${local}) - (n - 1) * interval '1 week')`;
  const [row] = await selectRows<Row>(
    db,
    sql`select ${sql.join(columns, sql`, `)}, ${streak} as streak_weeks from activities a where a.user_id = ${userId} and not a.is_hidden`,
  );
  const totals = (w: Window) => ({
    count: row![`${w}_count`],
    distance: row![`${w}_distance`],
    moving_time: row![`${w}_moving_time`],
    elevation_gain: row![`${w}_elevation_gain`],
  });
  return {
    this_week: totals('this_week'),
    this_month: totals('this_month'),
    this_year: totals('this_year'),
    all_time: totals('all_time'),
    streak_weeks: row!.streak_weeks,
  };
}

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { now } from '@/server/clock';
import type { SummaryResponse } from './schemas';
import { userTimezone } from './user-timezone';

// CONTRACT: Beyond the spec … Statistics and calendar: GET /stats/summary. This week, month and year
// of the profile's timezone (from the period's first local midnight to the next period's), all
// time, first_day (the first visible activity's local day), and streak_weeks: how many consecutive weeks, counting back from this one, hold at least one
// visible activity (0 when this week has none yet). One statement over activity_days (the visible
// activities' figures per local day): a window's bounds are local midnights, so whole days.

const WINDOWS = ['this_week', 'this_month', 'this_year', 'all_time'] as const;
type Window = (typeof WINDOWS)[number];
type Row = Record<`${Window}_${'count' | 'distance' | 'moving_time' | 'elevation_gain'}`, number> & { streak_weeks: number; first_day: string | null };

/** `timezone`: the profile's, when the caller has read it already. */
export async function getStatsSummary(db: Db, userId: number, timezone?: string): Promise<SummaryResponse> {
  timezone ??= await userTimezone(db, userId);
  // a local timestamp (not a date, which date_trunc would take as a timestamptz, a stable function
  // evaluated per row): every window bound below is then a constant of the plan
  const today = sql`(${now().toISOString()}::timestamptz at time zone ${timezone})`;
  const within = (period: 'week' | 'month' | 'year'): SQL =>
    sql`d.day >= date_trunc('${sql.raw(period)}', ${today})::date and d.day < (date_trunc('${sql.raw(period)}', ${today}) + interval '1 ${sql.raw(period)}')::date`;
  const conditions: Record<Window, SQL> = { this_week: within('week'), this_month: within('month'), this_year: within('year'), all_time: sql`true` };
  const columns = WINDOWS.map(
    (w) => sql`coalesce(sum(d.count) filter (where ${conditions[w]}), 0)::integer as ${sql.raw(`${w}_count`)},
      coalesce(sum(d.distance) filter (where ${conditions[w]}), 0)::float8 as ${sql.raw(`${w}_distance`)},
      coalesce(sum(d.moving_time) filter (where ${conditions[w]}), 0)::float8 as ${sql.raw(`${w}_moving_time`)},
      coalesce(sum(d.elevation_gain) filter (where ${conditions[w]}), 0)::float8 as ${sql.raw(`${w}_elevation_gain`)}`,
  );
  // weeks with an activity, newest first: the streak is the run of them that are 0, 1, 2 … weeks before this one
  const thisWeek = sql`date_trunc('week', ${today})`;
  const streak = sql`(select count(*)::integer from (
      select w, row_number() over (order by w desc) as n from (
        select distinct date_trunc('week', d.day::timestamp) as w from activity_days d
        where d.user_id = ${userId} and d.day < (${thisWeek} + interval '1 week')::date) weeks
      ) numbered where w = ${thisWeek} - (n - 1) * interval '1 week')`;
  const [row] = await selectRows<Row>(
    db,
    sql`select ${sql.join(columns, sql`, `)}, ${streak} as streak_weeks, to_char(min(d.day), 'YYYY-MM-DD') as first_day from activity_days d where d.user_id = ${userId}`,
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
    first_day: row!.first_day,
  };
}

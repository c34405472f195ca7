import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { isoFromMs, selectRows } from '@/db/select-rows';
import type { CalendarResponse } from './schemas';
import { userTimezone } from './user-timezone';

// CONTRACT: Beyond the spec … Statistics and calendar: GET /stats/calendar?month=yyyy-MM, one entry
// per day of the month in the profile's timezone, each with the visible activities that started
// on it (by their local start), earliest first.

interface Row {
  date: string;
  id: number | null;
  name: string | null;
  activity_type: string | null;
  distance: number | null;
  moving_time: number | null;
  start_ms: number | null;
}

/** `timezone`: the profile's, when the caller has read it already. */
export async function getCalendar(db: Db, userId: number, month: string, timezone?: string): Promise<CalendarResponse> {
  timezone ??= await userTimezone(db, userId);
  const first = sql`(${`${month}-01`}::date::timestamp)`;
  const rows = await selectRows<Row>(
    db,
    sql`with month_activities as (
        select (a.start_time at time zone ${timezone})::date as day, a.id, a.name, a.activity_type, a.distance, a.moving_time, a.start_time
        from activities a
        where a.user_id = ${userId} and not a.is_hidden
          and a.start_time >= (${first} at time zone ${timezone}) and a.start_time < ((${first} + interval '1 month') at time zone ${timezone}))
      select to_char(d.day, 'YYYY-MM-DD') as date, m.id, m.name, m.activity_type, m.distance, m.moving_time,
        (extract(epoch from m.start_time) * 1000)::float8 as start_ms
      from generate_series(${first}, ${first} + interval '1 month' - interval '1 day', interval '1 day') as d(day)
      left join month_activities m on m.day = d.day::date
      order by d.day, m.start_time, m.id`,
  );
  const days = new Map<string, CalendarResponse[number]>();
  for (const row of rows) {
    const day = days.get(row.date) ?? { date: row.date, activities: [] };
    days.set(row.date, day);
    if (row.id === null) continue;
    day.activities.push({
      id: row.id,
      name: row.name!,
      activity_type: row.activity_type!,
      distance: row.distance,
      moving_time: row.moving_time,
      start_time: isoFromMs(row.start_ms!),
    });
  }
  return [...days.values()];
}

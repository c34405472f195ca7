import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { isoFromMs, selectRows } from '@/db/select-rows';
import { BEST_EFFORT_DISTANCES } from '@/server/formats/metrics/best-efforts';
import { POWER_CURVE_DURATIONS } from '@/server/formats/metrics/power-curve';
import type { RecordsInput, RecordsResponse } from './schemas';
import { userTimezone } from '../stats/user-timezone';
import { showsBestEfforts, typesNamed } from './sport-families';
import { typeListSql } from './sport-families-sql';
import { bestsOf } from './bests-sql';

// CONTRACT: Beyond the spec … Best efforts and records: GET /records. The best of each distance and
// duration (ties: the earlier start), the longest distance and moving time and the biggest climb,
// over the user's visible activities of the family or type, optionally in one year of the profile's
// timezone. Beyond the contract's keys, each best names its activity (name, type, time zone: the
// web app dates it as the activity page does, issue 50). Each best is one index range of activity_efforts read until its first visible match
// (bests-sql.ts).

interface BestRow {
  kind: 'distance' | 'power';
  measure: number;
  value: number;
  activity_id: number;
  activity_name: string;
  activity_type: string;
  timezone: string | null;
  start_ms: number;
}

interface LongestRow {
  longest: string | null;
  longest_time: string | null;
  biggest_climb: string | null;
}

function longestBy(column: string, activityFilter: SQL, userId: number): SQL {
  return sql`(select json_build_object('${sql.raw(column)}', a.${sql.raw(column)}, 'activity_id', a.id)::text from activities a
    where a.user_id = ${userId} and a.${sql.raw(column)} > 0 and ${activityFilter}
    order by a.${sql.raw(column)} desc, a.start_time, a.id limit 1)`;
}

export async function getRecords(db: Db, userId: number, input: RecordsInput): Promise<RecordsResponse> {
  const types = typesNamed(input.type);
  const timezone = input.year === undefined ? null : await userTimezone(db, userId);
  const inYear =
    input.year === undefined
      ? sql`true`
      : sql`a.start_time >= (make_timestamp(${input.year}::integer, 1, 1, 0, 0, 0) at time zone ${timezone})
          and a.start_time < (make_timestamp(${input.year + 1}::integer, 1, 1, 0, 0, 0) at time zone ${timezone})`;
  // CONTRACT: Real history …: an activity excluded from records counts in none of them
  const filter = sql`not a.is_hidden and not a.exclude_from_records and a.activity_type in (${typeListSql(types)}) and ${inYear}`;
  const bests = [
    ...(types.some(showsBestEfforts) ? [bestsOf(userId, 'distance', BEST_EFFORT_DISTANCES, filter)] : []),
    bestsOf(userId, 'power', POWER_CURVE_DURATIONS, filter),
  ];
  const rows = await selectRows<BestRow>(db, sql`${sql.join(bests, sql` union all `)} order by 1, 2`);
  const [longest] = await selectRows<LongestRow>(
    db,
    sql`select ${longestBy('distance', filter, userId)} as longest, ${longestBy('moving_time', filter, userId)} as longest_time,
      ${longestBy('elevation_gain', filter, userId)} as biggest_climb`,
  );
  // the activity that holds a record, as the page names and dates it (its own time zone)
  const holder = (r: BestRow) => ({
    activity_id: r.activity_id,
    activity_name: r.activity_name,
    activity_type: r.activity_type,
    timezone: r.timezone,
    start_time: isoFromMs(r.start_ms),
  });
  const parse = <T>(text: string | null | undefined): T | null => (text ? (JSON.parse(text) as T) : null);
  return {
    best_efforts: rows.filter((r) => r.kind === 'distance').map((r) => ({ distance: Number(r.measure), elapsed_time: r.value, ...holder(r) })),
    power_curve: rows.filter((r) => r.kind === 'power').map((r) => ({ duration: Number(r.measure), watts: r.value, ...holder(r) })),
    longest: parse(longest?.longest),
    longest_time: parse(longest?.longest_time),
    biggest_climb: parse(longest?.biggest_climb),
  };
}

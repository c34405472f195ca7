import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { typesNamed } from '../efforts/sport-families';
import { typeListSql } from '../efforts/sport-families-sql';
import type { StatsBucket, StatsInput } from './schemas';

// CONTRACT: Beyond the spec … Statistics and calendar: GET /stats. Whole periods of the profile's
// timezone (Monday weeks) from the one holding start_date to the one holding end_date, empty ones
// included, oldest first; sums in one statement over activity_days, the visible activities' figures
// per local day. An activity's period is that of its local start, so a Sunday 23:30 UTC start in
// Europe/Berlin counts on Monday, and a period's bounds are local midnights whatever the DST offset.

interface Row {
  start: string;
  activity_type: string | null;
  count: number;
  distance: number;
  moving_time: number;
  elapsed_time: number;
  elevation_gain: number;
  calories: number;
}

export async function getStats(db: Db, userId: number, input: StatsInput): Promise<StatsBucket[]> {
  const step = sql.raw(`'1 ${input.period}'::interval`);
  const first = sql`date_trunc(${input.period}, ${input.start_date}::date::timestamp)`;
  const last = sql`date_trunc(${input.period}, ${input.end_date}::date::timestamp)`;
  const ofType = input.type ? sql`and d.activity_type in (${typeListSql(typesNamed(input.type))})` : sql``;
  const rows = await selectRows<Row>(
    db,
    sql`with per as (
        select date_trunc(${input.period}, d.day::timestamp) as bucket, d.activity_type,
          sum(d.count)::integer as count, sum(d.distance)::float8 as distance, sum(d.moving_time)::float8 as moving_time,
          sum(d.elapsed_time)::float8 as elapsed_time, sum(d.elevation_gain)::float8 as elevation_gain, sum(d.calories)::float8 as calories
        from activity_days d
        where d.user_id = ${userId} ${ofType} and d.day >= ${first}::date and d.day < (${last} + ${step})::date
        group by 1, 2)
      select to_char(b.bucket, 'YYYY-MM-DD') as start, per.activity_type, coalesce(per.count, 0) as count,
        coalesce(per.distance, 0) as distance, coalesce(per.moving_time, 0) as moving_time, coalesce(per.elapsed_time, 0) as elapsed_time,
        coalesce(per.elevation_gain, 0) as elevation_gain, coalesce(per.calories, 0) as calories
      from generate_series(${first}, ${last}, ${step}) as b(bucket) left join per on per.bucket = b.bucket
      order by b.bucket, per.activity_type`,
  );
  const buckets = new Map<string, StatsBucket>();
  for (const row of rows) {
    let bucket = buckets.get(row.start);
    if (!bucket) {
      bucket = { start: row.start, count: 0, distance: 0, moving_time: 0, elapsed_time: 0, elevation_gain: 0, calories: 0, by_type: {} };
      buckets.set(row.start, bucket);
    }
    if (!row.activity_type) continue;
    bucket.count += row.count;
    bucket.distance += row.distance;
    bucket.moving_time += row.moving_time;
    bucket.elapsed_time += row.elapsed_time;
    bucket.elevation_gain += row.elevation_gain;
    bucket.calories += row.calories;
    bucket.by_type[row.activity_type] = { count: row.count, distance: row.distance, moving_time: row.moving_time };
  }
  return [...buckets.values()];
}

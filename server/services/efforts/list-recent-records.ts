import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { isoFromMs, selectRows } from '@/db/select-rows';
import { prRankSql } from './pr-rank-sql';
import type { RecentRecordsResponse } from './schemas';
import { familyOfSql } from './sport-families-sql';

// The dashboard's recent personal records: efforts of the user's latest visible activities that
// were the best of their distance or duration when set (pr_rank 1, CONTRACT: … Best efforts and
// records), newest first. Distance efforts count only for the run family, as everywhere.

const RECENT_ACTIVITIES = 30;

type Row = Omit<RecentRecordsResponse[number], 'start_time'> & { start_ms: number };

/**
 * `onePerActivity` (the dashboard): an activity's most notable record only (its longest distance,
 * else its longest power duration), so one triathlon run does not fill the list (issue 50).
 */
export async function listRecentRecords(db: Db, userId: number, limit: number, { onePerActivity = false } = {}): Promise<RecentRecordsResponse> {
  const records = sql`select * from (
        select e.kind, e.measure, e.value, a.id as activity_id, a.name as activity_name, a.activity_type,
          (extract(epoch from a.start_time) * 1000)::float8 as start_ms, ${prRankSql()} as pr_rank, a.start_time
        from (select * from activities where user_id = ${userId} and not is_hidden order by start_time desc, id desc limit ${RECENT_ACTIVITIES}) a
        join activity_efforts e on e.activity_id = a.id
        where e.kind = 'power' or (e.kind = 'distance' and ${familyOfSql(sql`a.activity_type`)} = 'run')) ranked
      where pr_rank = 1`;
  const rows = await selectRows<Row>(
    db,
    onePerActivity
      ? sql`select * from (select distinct on (activity_id) * from (${records}) r order by activity_id, kind = 'distance' desc, measure desc) notable
          order by start_time desc, activity_id desc limit ${limit}`
      : sql`${records} order by start_time desc, kind, measure limit ${limit}`,
  );
  return rows.map(({ start_ms, kind, measure, value, activity_id, activity_name, activity_type }) => ({
    kind,
    measure: Number(measure),
    value,
    activity_id,
    activity_name,
    activity_type,
    start_time: isoFromMs(start_ms),
  }));
}

import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { activityNotFound } from '../activities/get-activity-or-throw';
import type { ActivitySegmentEffortResponse } from './schemas';
import { SEGMENT_EFFORT_COLUMNS, segmentEffortRecord, type SegmentEffortSqlRow } from './segment-effort-record';
import { segmentPrRankSql } from './segment-pr-rank-sql';

interface Row extends SegmentEffortSqlRow {
  segment_id: number | null;
  segment_name: string;
  start_index: number;
  end_index: number;
}

/** GET /activities/{id}/segment_efforts: the activity's passes in the order ridden, with all-time pr_rank; others' activity → 404. */
export async function listActivitySegmentEfforts(db: Db, userId: number, activityId: number): Promise<ActivitySegmentEffortResponse[]> {
  const rows = await selectRows<Row>(
    db,
    sql`select ${sql.raw(SEGMENT_EFFORT_COLUMNS)}, ${segmentPrRankSql()} as pr_rank, e.segment_id, s.name as segment_name, e.start_index, e.end_index
      from activities a left join segment_efforts e on e.activity_id = a.id left join segments s on s.id = e.segment_id
      where a.id = ${activityId} and a.user_id = ${userId}
      order by e.start_time, e.id`,
  );
  if (!rows.length) throw activityNotFound();
  return rows
    .filter((r) => r.segment_id !== null)
    .map((r) => ({ ...segmentEffortRecord(r), segment_id: r.segment_id!, segment_name: r.segment_name, start_index: r.start_index, end_index: r.end_index }));
}

import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { activityNotFound } from '../activities/get-activity-or-throw';
import { prRankSql } from './pr-rank-sql';
import type { BestEffortsResponse } from './schemas';
import { showsBestEfforts } from './sport-families';

interface EffortRow {
  activity_type: string;
  kind: 'distance' | 'power' | null;
  measure: number | null;
  value: number | null;
  start_offset: number | null;
  pr_rank: 1 | 2 | 3 | null;
}

/** CONTRACT: GET /activities/{id}/best_efforts: the activity's efforts with their ranks; others' → 404. */
export async function getActivityBestEfforts(db: Db, userId: number, activityId: number): Promise<BestEffortsResponse> {
  const rows = await selectRows<EffortRow>(
    db,
    sql`select a.activity_type, e.kind, e.measure, e.value, e.start_offset, ${prRankSql()} as pr_rank
      from activities a left join activity_efforts e on e.activity_id = a.id and e.kind in ('distance', 'power')
      where a.id = ${activityId} and a.user_id = ${userId}
      order by e.kind, e.measure`,
  );
  if (!rows.length) throw activityNotFound();
  const withEfforts = showsBestEfforts(rows[0]!.activity_type);
  return {
    efforts: rows
      .filter((r) => r.kind === 'distance' && withEfforts)
      .map((r) => ({ distance: Number(r.measure), elapsed_time: r.value!, start_offset: r.start_offset!, pr_rank: r.pr_rank })),
    power_curve: rows.filter((r) => r.kind === 'power').map((r) => ({ duration: Number(r.measure), watts: r.value!, pr_rank: r.pr_rank })),
  };
}

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { segments } from '@/db/schema';
import { selectRows } from '@/db/select-rows';
import { userTimezone } from '../stats/user-timezone';
import { segmentNotFound } from './get-segment-or-throw';
import type { SegmentEffortResponse, SegmentEffortsInput } from './schemas';
import { SEGMENT_EFFORT_COLUMNS, segmentEffortRecord, type SegmentEffortSqlRow } from './segment-effort-record';
import { runningRanks } from './running-ranks';

/**
 * CONTRACT: Explorer, goals, gear components, segments: GET /segments/{id}/efforts, every pass,
 * fastest first (ties: the earlier start first), with pr_rank; `year` keeps the passes of one year
 * of the profile's time zone and ranks them within it. Hidden activities' passes are left out.
 */
export async function listSegmentEfforts(db: Db, userId: number, segmentId: number, input: SegmentEffortsInput = {}): Promise<SegmentEffortResponse[]> {
  // the segment's own row by its key: its figures (listSegments' count and best over every effort) are not needed here
  const [own] = await db
    .select({ id: segments.id })
    .from(segments)
    .where(and(eq(segments.id, segmentId), eq(segments.userId, userId)));
  if (!own) throw segmentNotFound();
  const timezone = input.year === undefined ? null : await userTimezone(db, userId);
  const inYear = (alias: string) =>
    input.year === undefined
      ? undefined
      : sql`${sql.raw(alias)}.start_time >= (make_timestamp(${input.year}::integer, 1, 1, 0, 0, 0) at time zone ${timezone})
          and ${sql.raw(alias)}.start_time < (make_timestamp(${input.year + 1}::integer, 1, 1, 0, 0, 0) at time zone ${timezone})`;
  const rows = await selectRows<SegmentEffortSqlRow & { excluded: boolean }>(
    db,
    sql`select ${sql.raw(SEGMENT_EFFORT_COLUMNS)}, null as pr_rank, a.exclude_from_records as excluded
      from segment_efforts e join activities a on a.id = e.activity_id
      where e.segment_id = ${segmentId} and a.user_id = ${userId} and not a.is_hidden ${input.year === undefined ? sql`` : sql`and ${inYear('e')}`}
      order by e.elapsed_time, e.start_time, e.id`,
  );
  // the rivals of a pass are the listed ones (visible, of the year when given): ranked in one pass
  const ranks = runningRanks(rows.map((r) => ({ id: r.id, startMs: Number(r.start_ms), elapsed: Number(r.elapsed_time), ranked: !r.excluded })));
  return rows.map((r) => segmentEffortRecord({ ...r, pr_rank: ranks.get(r.id) ?? null }));
}

import { isoFromMs } from '@/db/select-rows';
import type { SegmentEffortResponse } from './schemas';

/** An effort as selected by the efforts reads (start_ms: epoch milliseconds, the same on both engines). */
export interface SegmentEffortSqlRow {
  id: number;
  activity_id: number;
  start_ms: number | string;
  elapsed_time: number;
  moving_time: number;
  average_speed: number;
  average_hr: number | null;
  average_power: number | null;
  pr_rank: 1 | 2 | 3 | null;
}

const tenth = (v: number) => Math.round(v * 10) / 10;
const whole = (v: number | null) => (v === null ? null : Math.round(v));

/** The wire shape of CONTRACT: Explorer, goals, gear components, segments: times to a tenth of a second, HR and power whole. */
export function segmentEffortRecord(row: SegmentEffortSqlRow): SegmentEffortResponse {
  return {
    id: row.id,
    activity_id: row.activity_id,
    start_time: isoFromMs(row.start_ms),
    elapsed_time: tenth(Number(row.elapsed_time)),
    moving_time: tenth(Number(row.moving_time)),
    average_speed: Math.round(Number(row.average_speed) * 1000) / 1000,
    average_hr: whole(row.average_hr === null ? null : Number(row.average_hr)),
    average_power: whole(row.average_power === null ? null : Number(row.average_power)),
    pr_rank: row.pr_rank,
  };
}

/** The columns segmentEffortRecord reads, for effort `e` with rank `rank`. */
export const SEGMENT_EFFORT_COLUMNS = `e.id, e.activity_id, (extract(epoch from e.start_time) * 1000)::float8 as start_ms, e.elapsed_time, e.moving_time,
  e.average_speed, e.average_hr, e.average_power`;

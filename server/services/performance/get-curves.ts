import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { isoFromMs, selectRows } from '@/db/select-rows';
import type { EffortKind } from '@/db/schema';
import { ACTIVITY_TYPES } from '@/server/formats/activity-types';
import { BEST_EFFORT_DISTANCES } from '@/server/formats/metrics/best-efforts';
import { HR_CURVE_DURATIONS } from '@/server/formats/metrics/hr-curve';
import { POWER_CURVE_DURATIONS } from '@/server/formats/metrics/power-curve';
import { bestsOf } from '../efforts/bests-sql';
import { typesNamed } from '../efforts/sport-families';
import { typeListSql } from '../efforts/sport-families-sql';
import { userTimezone } from '../stats/user-timezone';
import type { CurveKind, CurvePoint, CurvesInput, CurvesResponse } from './schemas';

// Curves (issue 52): GET /curves. The best stored per-activity value of each
// duration or distance (activity_efforts; ties: the earlier start) over the user's visible
// activities of the type, not excluded from records, started within the range's days in the
// profile's timezone, read as GET /records reads its bests (bests-sql.ts).

const CURVES: Record<CurveKind, { effort: EffortKind; measures: readonly number[]; defaultType: string | null }> = {
  power: { effort: 'power', measures: POWER_CURVE_DURATIONS, defaultType: null },
  hr: { effort: 'hr', measures: HR_CURVE_DURATIONS, defaultType: null },
  pace: { effort: 'distance', measures: BEST_EFFORT_DISTANCES, defaultType: 'run' },
  gap_pace: { effort: 'gap', measures: BEST_EFFORT_DISTANCES, defaultType: 'run' },
};

interface Row {
  measure: number;
  value: number;
  activity_id: number;
  start_ms: number;
}

/** The activities a curve reads (alias `a`, their efforts `e`): visible, in records, of the types, started within the days. */
async function activityFilter(db: Db, userId: number, type: string | null, startDate?: string, endDate?: string): Promise<SQL> {
  const types = type === null ? ACTIVITY_TYPES : typesNamed(type);
  const parts = [sql`not a.is_hidden and not a.exclude_from_records and a.activity_type in (${typeListSql(types)})`];
  if (startDate || endDate) {
    const timezone = await userTimezone(db, userId);
    // on the efforts' copy of the start (bests-sql.ts): read in the index, before any activity is
    if (startDate) parts.push(sql`e.activity_start >= (${startDate}::date::timestamp at time zone ${timezone})`);
    if (endDate) parts.push(sql`e.activity_start < ((${endDate}::date + 1)::timestamp at time zone ${timezone})`);
  }
  return sql.join(parts, sql` and `);
}

/** The statement a curve is read with (bench/performance/explain.ts prints its plan). */
export async function curveSql(db: Db, userId: number, kind: CurveKind, type: string | null, startDate?: string, endDate?: string): Promise<SQL> {
  const curve = CURVES[kind];
  const filter = await activityFilter(db, userId, type, startDate, endDate);
  return sql`${bestsOf(userId, curve.effort, curve.measures, filter)} order by 2`;
}

/** The curve's points, for GET /curves and the models. */
export async function getCurvePoints(
  db: Db,
  userId: number,
  kind: CurveKind,
  type: string | null,
  startDate?: string,
  endDate?: string,
): Promise<CurvePoint[]> {
  const rows = await selectRows<Row>(db, await curveSql(db, userId, kind, type, startDate, endDate));
  return rows.map((r) => ({ measure: Number(r.measure), value: r.value, activity_id: r.activity_id, start_time: isoFromMs(r.start_ms) }));
}

export async function getCurves(db: Db, userId: number, input: CurvesInput): Promise<CurvesResponse> {
  const type = input.type ?? CURVES[input.kind].defaultType;
  return {
    kind: input.kind,
    type,
    start_date: input.start_date ?? null,
    end_date: input.end_date ?? null,
    points: await getCurvePoints(db, userId, input.kind, type, input.start_date, input.end_date),
  };
}

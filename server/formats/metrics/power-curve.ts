import { oneSecondGrid } from './one-second-grid';

// CONTRACT: Beyond the spec … Best efforts and records: the power curve. For each duration T the
// greatest mean of T consecutive seconds of the 1 s grid (gaps over 5 s count 0 W), in whole watts.
// A stream of zeros and nulls only is no power (revised 2026-11-29): no curve, so no 0 W records.

export const POWER_CURVE_DURATIONS = [1, 5, 10, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600, 5400, 7200] as const;

export interface PowerCurvePoint {
  /** seconds */
  duration: number;
  /** whole watts */
  watts: number;
}

/** One point per standard duration the grid holds (T ≤ its seconds); empty without power (or with zeros only). */
export function powerCurve(times: readonly (number | null)[], power: readonly (number | null)[]): PowerCurvePoint[] {
  const { values } = oneSecondGrid(times, power, 0);
  if (!values.some((watts) => watts > 0)) return [];
  const prefix = new Float64Array(values.length + 1);
  for (let k = 0; k < values.length; k++) prefix[k + 1] = prefix[k]! + values[k]!;
  const points: PowerCurvePoint[] = [];
  for (const duration of POWER_CURVE_DURATIONS) {
    if (duration > values.length) break;
    let best = -Infinity;
    for (let k = duration; k <= values.length; k++) best = Math.max(best, prefix[k]! - prefix[k - duration]!);
    points.push({ duration, watts: Math.round(best / duration) });
  }
  return points;
}

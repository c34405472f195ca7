import { oneSecondGrid } from './one-second-grid';

// Curves (issue 52): the heart-rate curve. For each duration T the greatest mean
// of T consecutive seconds of the 1 s heart-rate grid, in whole bpm; a window holding a second of a
// gap over 5 s (no reading) is not a window, so a strap that dropped out never averages its zeros.

export const HR_CURVE_DURATIONS = [5, 10, 30, 60, 120, 300, 600, 1200, 1800, 3600, 5400, 7200] as const;

export interface HrCurvePoint {
  /** seconds */
  duration: number;
  /** whole bpm */
  bpm: number;
}

/** One point per standard duration some gap-free window of the grid holds; empty without heart rate. */
export function hrCurve(times: readonly (number | null)[], heartRate: readonly (number | null)[]): HrCurvePoint[] {
  const { values } = oneSecondGrid(times, heartRate, NaN);
  const n = values.length;
  const sum = new Float64Array(n + 1);
  const missing = new Int32Array(n + 1);
  for (let k = 0; k < n; k++) {
    const v = values[k]!;
    const ok = Number.isFinite(v) && v > 0;
    sum[k + 1] = sum[k]! + (ok ? v : 0);
    missing[k + 1] = missing[k]! + (ok ? 0 : 1);
  }
  const points: HrCurvePoint[] = [];
  for (const duration of HR_CURVE_DURATIONS) {
    if (duration > n) break;
    let best = -Infinity;
    for (let k = duration; k <= n; k++) if (missing[k] === missing[k - duration]) best = Math.max(best, sum[k]! - sum[k - duration]!);
    if (best > 0) points.push({ duration, bpm: Math.round(best / duration) });
  }
  return points;
}

/**
 * Moving time: the sum of the intervals between consecutive points during which the athlete
 * moved at least MOVING_SPEED_MPS (0.5 m/s = 1.8 km/h, below any walking pace and above GPS
 * drift while standing). Intervals longer than MAX_STEP_S are recording pauses (auto-pause,
 * a stopped timer, the gap between GPX tracks) and never count. Speed over an interval comes
 * from the distance covered in it, or, without distance, from the device's speed at its end.
 */
export const MOVING_SPEED_MPS = 0.5;
export const MAX_STEP_S = 60;

export function movingTime(
  times: readonly number[],
  distance: readonly (number | null)[] | null,
  speed: readonly (number | null)[] | null,
  segments?: readonly number[],
): number | null {
  if (!distance && !speed) return null;
  // Collapse points that share a timestamp (Suunto interleaves two records per second, one of
  // them empty) into one, keeping the last non-null value, so a step is always dt > 0.
  const t: number[] = [];
  const d: (number | null)[] = [];
  const v: (number | null)[] = [];
  const seg: number[] = [];
  for (let i = 0; i < times.length; i++) {
    const last = t.length - 1;
    if (last >= 0 && times[i] === t[last] && (segments?.[i] ?? 0) === seg[last]) {
      d[last] = distance?.[i] ?? d[last]!;
      v[last] = speed?.[i] ?? v[last]!;
      continue;
    }
    t.push(times[i]!);
    d.push(distance?.[i] ?? null);
    v.push(speed?.[i] ?? null);
    seg.push(segments?.[i] ?? 0);
  }
  let total = 0;
  let counted = false;
  for (let i = 1; i < t.length; i++) {
    const dt = (t[i]! - t[i - 1]!) / 1000;
    if (!(dt > 0) || dt > MAX_STEP_S || seg[i] !== seg[i - 1]) continue;
    const d1 = d[i];
    const d0 = d[i - 1];
    const stepSpeed = d1 !== null && d1 !== undefined && d0 !== null && d0 !== undefined ? (d1 - d0) / dt : (v[i] ?? null);
    if (stepSpeed === null) continue;
    counted = true;
    if (stepSpeed >= MOVING_SPEED_MPS) total += dt;
  }
  return counted ? total : null;
}

/**
 * Highest speed sustained over at least MAX_SPEED_WINDOW_S, from cumulative distance: a single
 * GPS jump between two points a second apart cannot become the maximum.
 */
export const MAX_SPEED_WINDOW_S = 5;

export function maxSpeedFromDistance(times: readonly number[], distance: readonly (number | null)[]): number | null {
  let best: number | null = null;
  let j = 0;
  for (let i = 0; i < times.length; i++) {
    const di = distance[i];
    if (di === null || di === undefined) continue;
    if (j < i) j = i;
    while (j < times.length && (times[j]! - times[i]!) / 1000 < MAX_SPEED_WINDOW_S) j++;
    if (j >= times.length) break;
    const dj = distance[j];
    const dt = (times[j]! - times[i]!) / 1000;
    if (dj === null || dj === undefined || dt > MAX_STEP_S) continue;
    const v = (dj - di) / dt;
    if (best === null || v > best) best = v;
  }
  return best;
}

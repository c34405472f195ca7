import { medianOf } from './median';

/**
 * Moving time: the sum of the intervals between consecutive points during which the athlete
 * moved at least MOVING_SPEED_MPS (0.5 m/s = 1.8 km/h, below any walking pace and above GPS
 * drift while standing). Speed over an interval comes from the distance covered in it, or,
 * without distance, from the device's speed at its end.
 *
 * An interval longer than MAX_STEP_S (the stop threshold) is a gap: a recording pause (auto-pause,
 * a stopped timer) or a thinned track (Strava's export GPX keeps a point a minute or fewer).
 * CONTRACT: Beyond the spec … Imported history: a gap counts as moving for the time its covered
 * distance needs at the activity's median moving speed (never more than the gap itself); without
 * any moving interval to take a median from, a gap covered at MOVING_SPEED_MPS or faster counts
 * whole. A pause covers no distance and so still counts nothing. Between two segments (GPX tracks,
 * TCX laps' tracks) nothing counts: the recording was stopped.
 *
 * The gaps' share is kept apart (`gaps`): where the device gives a timer time, its timer already
 * tells pauses from motion, and a file's gaps are its pauses (finalize.ts adds them only without one).
 */
export interface MovingTimeParts {
  /** seconds over the intervals up to MAX_STEP_S; null when no interval had a speed */
  steps: number | null;
  /** seconds the gaps count as moving; null when there is no gap with a known distance */
  gaps: number | null;
}

export const MOVING_SPEED_MPS = 0.5;
export const MAX_STEP_S = 60;

/** The whole rule for a track alone: steps and gaps together. */
export function movingTime(...args: Parameters<typeof movingTimeParts>): number | null {
  const { steps, gaps } = movingTimeParts(...args);
  return steps === null && gaps === null ? null : (steps ?? 0) + (gaps ?? 0);
}

export function movingTimeParts(
  times: ArrayLike<number>,
  distance: readonly (number | null)[] | null,
  speed: readonly (number | null)[] | null,
  segments?: ArrayLike<number>,
): MovingTimeParts {
  if (!distance && !speed) return { steps: null, gaps: null };
  const { t, d, v, seg } = distinctTimes(times, distance, speed, segments);
  let total = 0;
  let counted = false;
  // at most one speed an interval: a typed array of that size, not an array grown by push
  const movingSpeeds = new Float64Array(Math.max(0, t.length - 1));
  let moving = 0;
  const gaps: { seconds: number; covered: number }[] = [];
  for (let i = 1; i < t.length; i++) {
    const dt = (t[i]! - t[i - 1]!) / 1000;
    if (!(dt > 0) || (seg?.[i] ?? 0) !== (seg?.[i - 1] ?? 0)) continue;
    const d1 = d?.[i];
    const d0 = d?.[i - 1];
    const covered = d1 !== null && d1 !== undefined && d0 !== null && d0 !== undefined ? d1 - d0 : null;
    if (dt > MAX_STEP_S) {
      if (covered !== null) gaps.push({ seconds: dt, covered });
      continue;
    }
    const stepSpeed = covered !== null ? covered / dt : (v?.[i] ?? null);
    if (stepSpeed === null) continue;
    counted = true;
    if (stepSpeed >= MOVING_SPEED_MPS) {
      total += dt;
      movingSpeeds[moving++] = stepSpeed;
    }
  }
  const median = medianOf(movingSpeeds.subarray(0, moving));
  const gapSeconds = gaps.length ? gaps.reduce((sum, gap) => sum + gapMovingSeconds(gap, median), 0) : null;
  return { steps: counted ? total : null, gaps: gapSeconds };
}

interface Columns {
  t: ArrayLike<number>;
  d: readonly (number | null)[] | null;
  v: readonly (number | null)[] | null;
  seg: ArrayLike<number> | undefined;
}

/**
 * Collapses points that share a timestamp (Suunto interleaves two records per second, one of them
 * empty) into one, keeping the last non-null value, so a step is always dt > 0. Most files repeat
 * no time: their columns are used as they are, not copied.
 */
function distinctTimes(times: ArrayLike<number>, distance: Columns['d'], speed: Columns['v'], segments: Columns['seg']): Columns {
  let repeats = false;
  for (let i = 1; i < times.length && !repeats; i++) repeats = times[i] === times[i - 1] && (segments?.[i] ?? 0) === (segments?.[i - 1] ?? 0);
  if (!repeats) return { t: times, d: distance, v: speed, seg: segments };
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
  return { t, d, v, seg };
}

function gapMovingSeconds({ seconds, covered }: { seconds: number; covered: number }, medianSpeed: number | null): number {
  if (!(covered > 0)) return 0;
  if (medianSpeed === null) return covered / seconds >= MOVING_SPEED_MPS ? seconds : 0;
  return Math.min(seconds, covered / medianSpeed);
}

/**
 * Highest speed sustained over at least MAX_SPEED_WINDOW_S, from cumulative distance: a single
 * GPS jump between two points a second apart cannot become the maximum.
 */
export const MAX_SPEED_WINDOW_S = 5;

export function maxSpeedFromDistance(times: ArrayLike<number>, distance: readonly (number | null)[]): number | null {
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

import { medianOf } from './median';

/**
 * Moving time: the sum of the intervals between consecutive points during which the athlete
 * moved at least MOVING_SPEED_MPS (0.3 m/s = 1.1 km/h). An interval's speed is the distance
 * covered over the MOVING_WINDOW_S (20 s) centred on it (the points at or inside the window's
 * ends, never across a gap or a segment), or, without distance, the device's speed at its end.
 * Why a window and this threshold (docs/decisions.md, "Moving time"): a hiker on a steep slope
 * or a skier in a lift queue covers 0.3–0.5 m/s on the map, which an interval-by-interval 0.5 m/s
 * rule dropped (hikes lost 10–30 %); over 20 s GPS jitter while standing averages out, so a
 * lower threshold no longer counts stops.
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

export const MOVING_SPEED_MPS = 0.3;
export const MOVING_WINDOW_S = 20;
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
  const windowed = d ? windowedSpeeds(t, d, seg) : null;
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
    const around = windowed ? windowed[i]! : NaN;
    const stepSpeed = covered !== null ? (Number.isNaN(around) ? covered / dt : around) : (v?.[i] ?? null);
    if (stepSpeed === null) continue;
    counted = true;
    if (stepSpeed >= MOVING_SPEED_MPS) {
      total += dt;
      movingSpeeds[moving++] = covered !== null ? covered / dt : stepSpeed;
    }
  }
  const median = medianOf(movingSpeeds.subarray(0, moving));
  const gapSeconds = gaps.length ? gaps.reduce((sum, gap) => sum + gapMovingSeconds(gap, median), 0) : null;
  return { steps: counted ? total : null, gaps: gapSeconds };
}

/**
 * For each step i (from point i − 1 to i) with a distance at both ends: the speed over the
 * MOVING_WINDOW_S centred on the step's middle, from the first point at or after the window's start
 * to the last at or before its end (at least the step itself), within the step's run of points
 * that no gap (> MAX_STEP_S), segment change or missing distance interrupts. NaN elsewhere.
 */
function windowedSpeeds(t: ArrayLike<number>, d: readonly (number | null)[], seg: ArrayLike<number> | undefined): Float64Array {
  const n = t.length;
  const out = new Float64Array(n).fill(NaN);
  const half = (MOVING_WINDOW_S * 1000) / 2;
  let runStart = 0;
  let a = 0;
  let b = 0;
  for (let i = 1; i < n; i++) {
    const joined = d[i] !== null && d[i - 1] !== null && (seg?.[i] ?? 0) === (seg?.[i - 1] ?? 0) && (t[i]! - t[i - 1]!) / 1000 <= MAX_STEP_S;
    if (!joined) {
      runStart = i;
      continue;
    }
    const mid = (t[i]! + t[i - 1]!) / 2;
    if (a < runStart) a = runStart;
    while (a < i - 1 && t[a]! < mid - half) a++;
    if (b < i) b = i;
    while (b + 1 < n && t[b + 1]! <= mid + half && d[b + 1] !== null && (seg?.[b + 1] ?? 0) === (seg?.[b] ?? 0) && (t[b + 1]! - t[b]!) / 1000 <= MAX_STEP_S)
      b++;
    const span = (t[b]! - t[a]!) / 1000;
    if (span > 0) out[i] = ((d[b] as number) - (d[a] as number)) / span;
  }
  return out;
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
 * GPS jump between two points a second apart cannot become the maximum. A window starts only at a
 * point whose distance rose since the point before: where a device lost its position fix, its
 * distance stands still and then catches up in one step, and a window starting on the stale
 * points would put the whole lost stretch into a few seconds (a Garmin ride: 24.7 m/s beside
 * Strava's 14.4).
 */
export const MAX_SPEED_WINDOW_S = 5;

export function maxSpeedFromDistance(times: ArrayLike<number>, distance: readonly (number | null)[]): number | null {
  let best: number | null = null;
  let j = 0;
  let before: number | null = null;
  for (let i = 0; i < times.length; i++) {
    const di = distance[i];
    if (di === null || di === undefined) continue;
    const measured = before === null || di > before;
    before = di;
    if (!measured) continue;
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

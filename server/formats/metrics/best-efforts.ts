// CONTRACT: Beyond the spec … Best efforts and records: the best effort for a distance D is the least
// elapsed time t(d + D) − t(d) over all d, t(x) the recorded time (pauses included) at cumulative
// distance x, linearly interpolated between samples; whole seconds.
//
// t(d + D) − t(d) is linear between the points where d or d + D is a sample's distance, so its
// least value lies at one of them: each sample is tried as the start (the end is the first time the
// distance reaches x_i + D) and as the end (the start is the last time the distance was x_j − D).
// Where the distance stands still (a stop) t is many-valued: a start takes the latest such time and
// an end the earliest, which is what a sample there tried as start or end gives.

export const BEST_EFFORT_DISTANCES = [400, 805, 1000, 1609, 3219, 5000, 10000, 15000, 16093, 20000, 21097.5, 30000, 42195, 50000] as const;

export interface BestEffort {
  /** metres */
  distance: number;
  /** whole seconds */
  elapsedTime: number;
  /** whole seconds from the activity's start to the effort's start */
  startOffset: number;
}

/** Samples with both a time and a distance, the distance never going back (a drop is ignored). */
function track(times: readonly (number | null)[], distance: readonly (number | null)[]): { t: Float64Array; x: Float64Array } {
  // filled in place: a 24 h track has 86,400 samples, and number[] then Float64Array.from cost twice
  const t = new Float64Array(times.length);
  const x = new Float64Array(times.length);
  let n = 0;
  for (let i = 0; i < times.length; i++) {
    const time = times[i];
    const d = distance[i];
    if (time == null || d == null || !Number.isFinite(time) || !Number.isFinite(d)) continue;
    if (n && (d < x[n - 1]! || time < t[n - 1]!)) continue;
    t[n] = time;
    x[n++] = d;
  }
  return { t: t.subarray(0, n), x: x.subarray(0, n) };
}

function bestEffortFor(t: Float64Array, x: Float64Array, D: number): { elapsed: number; start: number } | null {
  const n = x.length;
  let best = Infinity;
  let bestStart = 0;
  // each sample i as the start: the end lies in the first segment (j − 1, j] where x_j ≥ x_i + D
  for (let i = 0, j = 0; i < n; i++) {
    const target = x[i]! + D;
    if (j < i) j = i;
    while (j < n && x[j]! < target) j++;
    if (j === n) break;
    const end = j > i && x[j]! > x[j - 1]! ? t[j - 1]! + ((t[j]! - t[j - 1]!) * (target - x[j - 1]!)) / (x[j]! - x[j - 1]!) : t[j]!;
    if (end - t[i]! < best) [best, bestStart] = [end - t[i]!, t[i]!];
  }
  // each sample j as the end: the start lies in the last segment [i, i + 1) where x_i ≤ x_j − D
  for (let j = 0, i = 0; j < n; j++) {
    const target = x[j]! - D;
    if (target < x[0]!) continue;
    while (i + 1 < n && x[i + 1]! <= target) i++;
    const start = i + 1 < n && x[i + 1]! > x[i]! ? t[i]! + ((t[i + 1]! - t[i]!) * (target - x[i]!)) / (x[i + 1]! - x[i]!) : t[i]!;
    if (t[j]! - start < best) [best, bestStart] = [t[j]! - start, start];
  }
  return Number.isFinite(best) ? { elapsed: best, start: bestStart } : null;
}

/** One effort per standard distance the track covers; empty without a distance stream. */
export function bestEfforts(times: readonly (number | null)[], distance: readonly (number | null)[]): BestEffort[] {
  const { t, x } = track(times, distance);
  if (x.length < 2) return [];
  const efforts: BestEffort[] = [];
  for (const D of BEST_EFFORT_DISTANCES) {
    if (D > x[x.length - 1]! - x[0]!) break;
    const found = bestEffortFor(t, x, D);
    if (found) efforts.push({ distance: D, elapsedTime: Math.round(found.elapsed), startOffset: Math.round(found.start) });
  }
  return efforts;
}

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

/**
 * Men's outdoor world records (World Athletics, worldathletics.org/records, as of 2025), seconds, at
 * the best-effort distances: 400 m 43.03 (van Niekerk 2016), 800 m 1:40.91 (Rudisha 2012; the
 * half mile 805 m is held to it), 1000 m 2:11.96 (Ngeny 1999), mile 3:43.13 (El Guerrouj 1999), two
 * miles 7:58.61 (Komen 1997), 5000 m 12:35.36 and 10,000 m 26:11.00 (Cheptegei 2020), 15 km road
 * 40:27 (Kiplimo 2025), 10 miles road 44:24 (Gebrselassie
 * 2005), 20,000 m 56:26.0 (Gebrselassie 2007), half marathon 56:42 (Kiplimo 2025), 30,000 m
 * 1:26:47.4 (Mosop 2011), marathon 2:00:35 (Kiptum 2023), 50 km road 2:40:13 (Negasa 2021).
 */
export const WORLD_RECORD_S: Readonly<Record<number, number>> = {
  400: 43.03,
  805: 100.91,
  1000: 131.96,
  1609: 223.13,
  3219: 478.61,
  5000: 755.36,
  10000: 1571,
  15000: 2427,
  16093: 2664,
  20000: 3386,
  21097.5: 3402,
  30000: 5207.4,
  42195: 7235,
  50000: 9613,
};

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

/** A candidate proven worse than the best by this many seconds is skipped unevaluated (covers rounding). */
const SKIP_MARGIN_S = 1e-6;

// The three searches below are one galloping search with three tests, written out on purpose: one
// search taking its test as a function made the best efforts of the Edge 500 ride 2× slower
// (a closure made and called in every step of the walk).

/** The first index k ≥ from with a[k] ≥ value (a nondecreasing), or a.length; galloping, so a long jump costs log. */
function firstAtLeast(a: Float64Array, from: number, value: number): number {
  const n = a.length;
  if (from >= n || a[from]! >= value) return from;
  let lo = from; // a[lo] < value
  let step = 1;
  while (lo + step < n && a[lo + step]! < value) {
    lo += step;
    step *= 2;
  }
  let hi = Math.min(lo + step, n); // a[hi] ≥ value, or hi = n
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < value) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The first index k ≥ from with a[k] > value (a nondecreasing), or a.length. */
function firstAbove(a: Float64Array, from: number, value: number): number {
  const n = a.length;
  if (from >= n || a[from]! > value) return from;
  let lo = from;
  let step = 1;
  while (lo + step < n && a[lo + step]! <= value) {
    lo += step;
    step *= 2;
  }
  let hi = Math.min(lo + step, n);
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= value) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The first index k ≥ from with x[k] − D ≥ value, computed as the end pass computes it, or x.length. */
function firstEndFrom(x: Float64Array, from: number, D: number, value: number): number {
  const n = x.length;
  if (from >= n || x[from]! - D >= value) return from;
  let lo = from;
  let step = 1;
  while (lo + step < n && x[lo + step]! - D < value) {
    lo += step;
    step *= 2;
  }
  let hi = Math.min(lo + step, n);
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (x[mid]! - D < value) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * The least t(d + D) − t(d): every sample i as a start (the end interpolated in the first segment
 * reaching x_i + D) and every sample j as an end (the start interpolated in the segment [x_i, x_(i+1))
 * holding x_j − D). The ends are taken in groups by that start segment i, so one walk over i visits
 * both kinds, in the order of i and of j.
 *
 * Pruning, exact: a start i's end is at or after t_(a−1) (a: the first sample reaching x_i + D), and an
 * end j of group i starts at or before t_(i+1), with j ≥ b (b: the group's first end). Both a and b
 * only grow with i, so every group i′ with t_(i′+1) ≤ min(t_(a−1), t_b) − best is no better than the
 * best so far and is passed over by a search instead of a walk. On a track of 10,000 samples most of
 * each pass is skipped this way, where the pace is slower than the best effort's.
 */
function bestEffortFor(t: Float64Array, x: Float64Array, D: number): { elapsed: number; start: number } | null {
  const n = x.length;
  // the starts' best and the ends' best apart: a tie between them goes to the start, as with a
  // pass over all starts followed by a pass over all ends that replaces only on less
  let bestFromStart = Infinity;
  let startOfBestFromStart = 0;
  let bestFromEnd = Infinity;
  let startOfBestFromEnd = 0;
  let a = 0; // first index with x_a ≥ x_i + D
  let b = firstEndFrom(x, 0, D, x[0]!); // first end whose start segment is i or later
  for (let i = 0; i + 1 < n;) {
    a = firstAtLeast(x, Math.max(a, i + 1), x[i]! + D);
    b = firstEndFrom(x, b, D, x[i]!);
    if (a === n && b === n) break;
    const best = Math.min(bestFromStart, bestFromEnd);
    const reach = Math.min(a < n ? t[a - 1]! : Infinity, b < n ? t[b]! : Infinity);
    const limit = reach - best - SKIP_MARGIN_S;
    if (t[i + 1]! <= limit) {
      i = firstAbove(t, i + 1, limit) - 1;
      continue;
    }
    if (a < n) {
      const target = x[i]! + D;
      const end = x[a]! > x[a - 1]! ? t[a - 1]! + ((t[a]! - t[a - 1]!) * (target - x[a - 1]!)) / (x[a]! - x[a - 1]!) : t[a]!;
      if (end - t[i]! < bestFromStart) {
        bestFromStart = end - t[i]!;
        startOfBestFromStart = t[i]!;
      }
    }
    // the ends j with x_i ≤ x_j − D < x_(i+1); none when the segment is a stop (x_i = x_(i+1))
    for (let j = b; j < n; j++) {
      const target = x[j]! - D;
      if (target >= x[i + 1]!) break;
      const start = t[i]! + ((t[i + 1]! - t[i]!) * (target - x[i]!)) / (x[i + 1]! - x[i]!);
      if (t[j]! - start < bestFromEnd) {
        bestFromEnd = t[j]! - start;
        startOfBestFromEnd = start;
      }
    }
    i++;
  }
  if (bestFromEnd < bestFromStart) return { elapsed: bestFromEnd, start: startOfBestFromEnd };
  return Number.isFinite(bestFromStart) ? { elapsed: bestFromStart, start: startOfBestFromStart } : null;
}

/** One effort per standard distance the track covers; empty without a distance stream. */
export function bestEfforts(times: readonly (number | null)[], distance: readonly (number | null)[]): BestEffort[] {
  const { t, x } = track(times, distance);
  if (x.length < 2) return [];
  const efforts: BestEffort[] = [];
  for (const D of BEST_EFFORT_DISTANCES) {
    if (D > x[x.length - 1]! - x[0]!) break;
    const found = bestEffortFor(t, x, D);
    // CONTRACT: "No best effort is ever faster than the world record at its distance": such a window
    // holds a ride in a car or a track the glitch ceiling (12 m/s on foot) lets through; it is no effort
    if (found && Math.round(found.elapsed) >= Math.floor(WORLD_RECORD_S[D]!))
      efforts.push({ distance: D, elapsedTime: Math.round(found.elapsed), startOffset: Math.round(found.start) });
  }
  return efforts;
}

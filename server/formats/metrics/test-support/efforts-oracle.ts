// Straightforward implementations of CONTRACT: Beyond the spec … Best efforts and records, written
// apart from the production code (binary search and per-second lookups instead of two pointers and
// prefix sums) to check it: tests compare the two on hand-made and corpus streams.

type Series = readonly (number | null)[];

function samples(times: Series, values: Series): { t: number[]; v: number[] } {
  const t: number[] = [];
  const v: number[] = [];
  times.forEach((time, i) => {
    const value = values[i];
    if (time === null || value === null || value === undefined) return;
    t.push(time);
    v.push(value);
  });
  return { t, v };
}

/** t(x): the earliest time the distance reaches x (an effort's end). */
function earliestTimeAt(t: number[], x: number[], at: number): number {
  let lo = 0;
  let hi = x.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (x[mid]! >= at) hi = mid;
    else lo = mid + 1;
  }
  if (lo === 0 || x[lo] === at) return t[lo]!;
  return t[lo - 1]! + ((t[lo]! - t[lo - 1]!) * (at - x[lo - 1]!)) / (x[lo]! - x[lo - 1]!);
}

/** t(x): the latest time the distance was x (an effort's start). */
function latestTimeAt(t: number[], x: number[], at: number): number {
  let lo = 0;
  let hi = x.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (x[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  if (lo === x.length - 1 || x[lo] === at) return t[lo]!;
  return t[lo]! + ((t[lo + 1]! - t[lo]!) * (at - x[lo]!)) / (x[lo + 1]! - x[lo]!);
}

export function oracleBestEffort(times: Series, distance: Series, D: number): { elapsed: number; start: number } | null {
  const { t, v: x } = samples(times, distance);
  if (!x.length || x[x.length - 1]! - x[0]! < D) return null;
  let best: { elapsed: number; start: number } | null = null;
  const candidates = [...x, ...x.map((d) => d - D)].filter((d) => d >= x[0]! && d + D <= x[x.length - 1]!);
  for (const d of candidates) {
    const start = latestTimeAt(t, x, d);
    const elapsed = earliestTimeAt(t, x, d + D) - start;
    if (!best || elapsed < best.elapsed) best = { elapsed, start };
  }
  return best;
}

/** The 1 s grid, one second at a time: the latest sample at or before it, 0 W in a gap over 5 s. */
export function oraclePowerGrid(times: Series, power: Series): number[] {
  const { t, v } = samples(times, power);
  const grid: number[] = [];
  for (let k = 0; t.length > 1 && t[0]! + k < t[t.length - 1]!; k++) {
    const second = t[0]! + k;
    let i = t.length - 1;
    while (t[i]! > second) i--;
    grid.push(t[i + 1]! - t[i]! > 5 ? 0 : v[i]!);
  }
  return grid;
}

export function oracleBestPower(grid: number[], T: number): number | null {
  if (T > grid.length) return null;
  let sum = 0;
  for (let k = 0; k < T; k++) sum += grid[k]!;
  let best = sum;
  for (let k = T; k < grid.length; k++) {
    sum += grid[k]! - grid[k - T]!;
    best = Math.max(best, sum);
  }
  return best / T;
}

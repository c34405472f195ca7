// Reduced lines for drawing only: the stored streams are never changed. The map uses
// Douglas-Peucker (keeps the route's shape), the charts use LTTB (keeps a series' visual peaks).

export const DRAW_POINTS = 2000;

/** Squared distance from p to segment a-b, in the plane of (x, y). */
function segmentDistance2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  let dx = bx - ax;
  let dy = by - ay;
  if (dx !== 0 || dy !== 0) {
    const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
    ax += dx * t;
    ay += dy * t;
  }
  dx = px - ax;
  dy = py - ay;
  return dx * dx + dy * dy;
}

/** Douglas-Peucker with an explicit stack (no recursion limit on 100k-point tracks); answers kept indices. */
export function douglasPeucker(xs: ArrayLike<number>, ys: ArrayLike<number>, tolerance: number): number[] {
  const n = xs.length;
  if (n <= 2) return Array.from({ length: n }, (_, i) => i);
  const keep = new Uint8Array(n);
  keep[0] = keep[n - 1] = 1;
  const tol2 = tolerance * tolerance;
  const stack: number[] = [0, n - 1];
  while (stack.length) {
    const last = stack.pop()!;
    const first = stack.pop()!;
    let maxD = -1;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistance2(xs[i]!, ys[i]!, xs[first]!, ys[first]!, xs[last]!, ys[last]!);
      if (d > maxD) {
        maxD = d;
        index = i;
      }
    }
    if (index > 0 && maxD > tol2) {
      keep[index] = 1;
      stack.push(first, index, index, last);
    }
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) out.push(i);
  return out;
}

/** Drops points closer than `tolerance` to the last kept one: O(n), and most 1 Hz samples go. */
function radialFilter(xs: ArrayLike<number>, ys: ArrayLike<number>, tolerance: number): number[] {
  const tol2 = tolerance * tolerance;
  const kept = [0];
  let px = xs[0]!;
  let py = ys[0]!;
  for (let i = 1; i < xs.length - 1; i++) {
    const dx = xs[i]! - px;
    const dy = ys[i]! - py;
    if (dx * dx + dy * dy > tol2) {
      kept.push(i);
      px = xs[i]!;
      py = ys[i]!;
    }
  }
  if (xs.length > 1) kept.push(xs.length - 1);
  return kept;
}

/**
 * At most `target` points of a line, as simplify.js does it: a radial-distance pass, then
 * Douglas-Peucker on what is left, with the tolerance raised until the line is small enough.
 * Answers indices into the input.
 */
export function simplifyToTarget(xs: ArrayLike<number>, ys: ArrayLike<number>, target = DRAW_POINTS): number[] {
  if (xs.length <= target) return Array.from({ length: xs.length }, (_, i) => i);
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    minX = Math.min(minX, xs[i]!);
    maxX = Math.max(maxX, xs[i]!);
    minY = Math.min(minY, ys[i]!);
    maxY = Math.max(maxY, ys[i]!);
  }
  // start near the answer: 1/20,000 of the extent is finer than a map of the whole route can show
  let tolerance = Math.max(Math.hypot(maxX - minX, maxY - minY) / 20000, 1e-9);
  for (;;) {
    const near = radialFilter(xs, ys, tolerance);
    const sx = near.map((i) => xs[i]!);
    const sy = near.map((i) => ys[i]!);
    const kept = douglasPeucker(sx, sy, tolerance);
    if (kept.length <= target) return kept.map((k) => near[k]!);
    tolerance *= 1.6;
  }
}

/**
 * Largest-Triangle-Three-Buckets over (x, y) where y may have gaps (null/NaN points are skipped);
 * answers kept indices in order.
 */
export function lttb(xs: ArrayLike<number>, ys: ArrayLike<number | null>, target = DRAW_POINTS): number[] {
  const valid: number[] = [];
  for (let i = 0; i < xs.length; i++) {
    const y = ys[i];
    if (y != null && Number.isFinite(y) && Number.isFinite(xs[i])) valid.push(i);
  }
  if (valid.length <= target || target < 3) return valid;
  const out: number[] = [valid[0]!];
  const bucket = (valid.length - 2) / (target - 2);
  let a = 0;
  for (let b = 0; b < target - 2; b++) {
    const start = Math.floor(b * bucket) + 1;
    const end = Math.min(Math.floor((b + 1) * bucket) + 1, valid.length - 1);
    const nextStart = end;
    const nextEnd = Math.min(Math.floor((b + 2) * bucket) + 1, valid.length);
    let avgX = 0;
    let avgY = 0;
    for (let j = nextStart; j < nextEnd; j++) {
      avgX += xs[valid[j]!]!;
      avgY += ys[valid[j]!]!;
    }
    const span = Math.max(1, nextEnd - nextStart);
    avgX /= span;
    avgY /= span;
    const ax = xs[valid[a]!]!;
    const ay = ys[valid[a]!]!;
    let maxArea = -1;
    let chosen = start;
    for (let j = start; j < end; j++) {
      const area = Math.abs((ax - avgX) * (ys[valid[j]!]! - ay) - (ax - xs[valid[j]!]!) * (avgY - ay));
      if (area > maxArea) {
        maxArea = area;
        chosen = j;
      }
    }
    out.push(valid[chosen]!);
    a = chosen;
  }
  out.push(valid[valid.length - 1]!);
  return out;
}

/** Index of the last x ≤ value in an ascending array (binary search); -1 when before the start. */
export function indexAtOrBefore(xs: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  if (hi < 0 || value < xs[0]!) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (xs[mid]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

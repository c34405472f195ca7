import { movingTime } from '../metrics/moving-time';
import type { SegmentShape } from './segment-shape';

// CONTRACT: Explorer, goals, gear components, segments (issue 53): a pass of a track over a segment.
// The pass enters by crossing the start gate (the line through the segment's start, across its
// direction) forwards within TOLERANCE_M of the start, or, where no step crosses the gate (the
// track begins at the start, stands there, arrives from the side at a corner or turns there), at
// its sample nearest the start within TOLERANCE_M: a stretch cut from an activity always starts on
// one of its samples, and the first version missed those. It then follows the line: every point within
// TOLERANCE_M of the part of the line it may have reached (no shortcut: progress never runs ahead
// of the distance travelled; monotone: never more than BACK_M back, GPS jitter) and no glitch step.
// It leaves by crossing the end gate forwards within TOLERANCE_M of the end; a pass that turns at
// the end (a summit, a turnaround) leaves where it came nearest the end, if within TOLERANCE_M.
// Entry and exit are interpolated on their step; the effort's time is the time between them. A
// reverse pass never crosses the start gate forwards nor progresses, so it is none.

/** Bump to re-match every activity against every segment (segment_rematch jobs at start-up). */
export const SEGMENT_MATCHER_VERSION = 2;
/** metres: how far a point of a pass may lie from the segment's line, and a gate crossing from its end point */
export const TOLERANCE_M = 20;
/** metres: how far back along the line a point may project (GPS jitter while slow or stopped) */
const BACK_M = 25;

/**
 * No shortcut: progress along the line never runs ahead of the distance travelled since the entry
 * (5 % more: a track cutting the line's small bends, a drawn line's corners) by more than the
 * tolerance. A long step (a sparse recording, 10–20 s a point) may cut a curve whose line is up to
 * ~1.6 times longer, a semicircle's: the part of a step beyond 30 m counts 1.6 times.
 */
const travelOf = (chord: number) => chord + 0.6 * Math.max(0, chord - 30);
const SLACK = 1.05;

export interface MatchTrack {
  /** seconds from the activity's start */
  time: ArrayLike<number>;
  lat: ArrayLike<number | null>;
  lon: ArrayLike<number | null>;
  distance?: readonly (number | null)[] | null;
  heartRate?: ArrayLike<number | null> | null;
  power?: ArrayLike<number | null> | null;
  /** glitchSteps' flags: 1 where the step ending at that point is a glitch */
  glitches?: ArrayLike<number> | null;
}

export interface SegmentPass {
  /** the first sample inside the pass, and the last */
  startIndex: number;
  endIndex: number;
  /** seconds from the activity's start to the entry (interpolated) */
  startOffset: number;
  elapsedTime: number;
  movingTime: number;
  /** m/s: the segment's length over the elapsed time */
  averageSpeed: number;
  averageHr: number | null;
  averagePower: number | null;
}

/** The nearest point of the line to (px, py) among the parts between `lo` and `hi` metres along. */
function nearest(shape: SegmentShape, px: number, py: number, lo: number, hi: number): { d: number; s: number } {
  const { x, y, along } = shape;
  let best = Infinity;
  let bestS = lo;
  // binary search of the first edge ending after lo
  let k = 0;
  let top = along.length - 1;
  while (k < top) {
    const mid = (k + top) >> 1;
    if (along[mid + 1]! < lo) k = mid + 1;
    else top = mid;
  }
  for (; k < along.length - 1 && along[k]! <= hi; k++) {
    const ax = x[k]!;
    const ay = y[k]!;
    const dx = x[k + 1]! - ax;
    const dy = y[k + 1]! - ay;
    const len = along[k + 1]! - along[k]!;
    if (len <= 0) continue;
    let t = ((px - ax) * dx + (py - ay) * dy) / (len * len);
    t = Math.min(Math.max(t, (lo - along[k]!) / len, 0), (hi - along[k]!) / len, 1);
    const d = Math.hypot(px - ax - t * dx, py - ay - t * dy);
    if (d < best) {
      best = d;
      bestS = along[k]! + t * len;
    }
  }
  return { d: best, s: bestS };
}

/** Where a step from a to b crosses a gate forwards: the fraction of the step, or null. */
function gateCrossing(gx: number, gy: number, dir: readonly [number, number], ax: number, ay: number, bx: number, by: number): number | null {
  const ga = (ax - gx) * dir[0] + (ay - gy) * dir[1];
  const gb = (bx - gx) * dir[0] + (by - gy) * dir[1];
  if (!(ga < 0 && gb >= 0)) return null;
  const f = -ga / (gb - ga);
  const cx = ax + f * (bx - ax);
  const cy = ay + f * (by - ay);
  return Math.hypot(cx - gx, cy - gy) <= TOLERANCE_M ? f : null;
}

function meanOf(values: ArrayLike<number | null> | null | undefined, from: number, to: number): number | null {
  if (!values) return null;
  let sum = 0;
  let count = 0;
  for (let i = from; i <= to; i++) {
    const v = values[i];
    if (v !== null && v !== undefined && Number.isFinite(v)) {
      sum += v;
      count++;
    }
  }
  return count ? sum / count : null;
}

function passFigures(shape: SegmentShape, track: MatchTrack, entry: number, exit: number, first: number, last: number): SegmentPass {
  const elapsed = exit - entry;
  // the moving-time rule over the samples inside; the two fringe steps (entry to first, last to exit) count as moving
  const inner = track.time[last]! - track.time[first]!;
  let innerMoving = inner;
  if (last > first && track.distance) {
    const ms = Array.from({ length: last - first + 1 }, (_, k) => track.time[first + k]! * 1000);
    innerMoving = Math.min(inner, movingTime(ms, track.distance.slice(first, last + 1), null) ?? inner);
  }
  return {
    startIndex: first,
    endIndex: last,
    startOffset: entry,
    elapsedTime: elapsed,
    movingTime: Math.max(0, elapsed - (inner - innerMoving)),
    averageSpeed: elapsed > 0 ? shape.length / elapsed : 0,
    averageHr: meanOf(track.heartRate, first, last),
    averagePower: meanOf(track.power, first, last),
  };
}

/** The point of the step from a to b nearest to (gx, gy): its fraction of the step and its distance. */
function closest(gx: number, gy: number, ax: number, ay: number, bx: number, by: number): { f: number; d: number } {
  const [dx, dy] = [bx - ax, by - ay];
  const len2 = dx * dx + dy * dy;
  const f = len2 > 0 ? Math.min(1, Math.max(0, ((gx - ax) * dx + (gy - ay) * dy) / len2)) : 0;
  return { f, d: Math.hypot(ax + f * dx - gx, ay + f * dy - gy) };
}

/** Every pass of the track over the segment, in order. Pure; a track outside the segment's box costs one scan. */
export function matchSegment(shape: SegmentShape, track: MatchTrack): SegmentPass[] {
  const { scaleX, scaleY, x, y, length, startDir, endDir } = shape;
  const last = x.length - 1;
  const [sx, sy, ex, ey] = [x[0]!, y[0]!, x[last]!, y[last]!];
  // a step reaching into the box can cross a gate; the box holds every point of a pass
  const [minX, maxX] = [shape.minLon * scaleX - 2 * TOLERANCE_M, shape.maxLon * scaleX + 2 * TOLERANCE_M];
  const [minY, maxY] = [shape.minLat * scaleY - 2 * TOLERANCE_M, shape.maxLat * scaleY + 2 * TOLERANCE_M];
  const passes: SegmentPass[] = [];
  const n = Math.min(track.time.length, track.lat.length, track.lon.length);

  let prev = -1; // previous sample with a position
  let [px, py] = [0, 0];
  // the pass being followed: entry time, first sample inside, progress along the line, and its
  // nearest approach to the end so far (where it leaves the line there without crossing the end gate: a turn)
  let following = false;
  let entry = 0;
  let first = 0;
  let progress = 0;
  let travelled = 0;
  let nearEnd = { d: Infinity, time: 0, index: 0 };
  // a pass entered at a sample near the start (not by the gate): how near; a nearer sample, or a
  // gate crossing, before it got under way enters it again there (waiting is not the effort)
  let nearStart = -Infinity;

  const stop = () => {
    if (following && nearEnd.d <= TOLERANCE_M) passes.push(passFigures(shape, track, entry, nearEnd.time, first, nearEnd.index));
    following = false;
  };
  const enter = (at: number, index: number, bx: number, by: number, travelledSoFar: number) => {
    following = true;
    entry = at;
    first = index;
    travelled = travelledSoFar;
    progress = Math.max(0, nearest(shape, bx, by, 0, SLACK * travelled + TOLERANCE_M).s);
    nearEnd = { d: Infinity, time: 0, index: 0 };
  };
  /** enters at sample i when it is within TOLERANCE_M of the start and nearer than the entry so far */
  const enterNearStart = (i: number, bx: number, by: number) => {
    if (following && (progress > 2 * TOLERANCE_M || nearStart === -Infinity)) return;
    const d = Math.hypot(bx - sx, by - sy);
    if (d > TOLERANCE_M || (following && d > nearStart)) return;
    enter(track.time[i]!, i, bx, by, 0);
    nearStart = d;
  };

  for (let i = 0; i < n; i++) {
    const lat = track.lat[i];
    const lon = track.lon[i];
    if (lat === null || lon === null || lat === undefined || lon === undefined) continue;
    const [bx, by] = [lon * scaleX, lat * scaleY];
    const inside = bx >= minX && bx <= maxX && by >= minY && by <= maxY;
    const touches = inside || (prev >= 0 && Math.max(px, bx) >= minX && Math.min(px, bx) <= maxX && Math.max(py, by) >= minY && Math.min(py, by) <= maxY);
    if (prev < 0 || !touches || track.glitches?.[i]) {
      stop();
      if (inside) enterNearStart(i, bx, by);
      [prev, px, py] = [i, bx, by];
      continue;
    }
    const dt = track.time[i]! - track.time[prev]!;
    const chord = Math.hypot(bx - px, by - py);
    if (following) travelled += travelOf(chord);
    const allowed = SLACK * travelled + TOLERANCE_M;
    if (following && allowed >= length) {
      const f = gateCrossing(ex, ey, endDir, px, py, bx, by);
      if (f !== null) {
        passes.push(passFigures(shape, track, entry, track.time[prev]! + f * dt, first, prev));
        following = false;
      } else {
        const near = closest(ex, ey, px, py, bx, by);
        if (near.d < nearEnd.d) nearEnd = { d: near.d, time: track.time[prev]! + near.f * dt, index: prev };
      }
    }
    if (following) {
      const { d, s } = inside ? nearest(shape, bx, by, progress - BACK_M, allowed) : { d: Infinity, s: 0 };
      if (d > TOLERANCE_M) stop();
      else progress = Math.max(progress, s);
    }
    // a forward crossing of the start gate starts a pass (again: waiting at the start counts from the last crossing)
    const f = following && progress > 2 * TOLERANCE_M ? null : gateCrossing(sx, sy, startDir, px, py, bx, by);
    if (f !== null) {
      enter(track.time[prev]! + f * dt, i, bx, by, travelOf((1 - f) * chord));
      nearStart = -Infinity;
    } else if (inside) enterNearStart(i, bx, by);
    [prev, px, py] = [i, bx, by];
  }
  stop();
  return passes;
}

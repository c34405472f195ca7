import { activityFamily, type ActivityType } from '../activity-types';
import { haversine } from './haversine';

// CONTRACT: Real history and hand-made activities: a glitch is a step between two positions whose
// speed is above its sport family's ceiling (foot 12 m/s, ride 35, ski 40, swim 4, others 35).
// Its distance is not counted, and no figure (distance, max speed, best efforts, power curve,
// laps' distance) is taken across it. Pure: parsers, the figures backfill and the explorer's
// tiles all ask this module which steps of a track are glitches.

export type GlitchFamily = 'foot' | 'ride' | 'ski' | 'swim' | 'other';

/** m/s: no step of the family is ever faster (a car ride in a "run", a GPS teleport). */
export const GLITCH_CEILING_MPS: Record<GlitchFamily, number> = { foot: 12, ride: 35, ski: 40, swim: 4, other: 35 };

const SKI: ReadonlySet<ActivityType> = new Set(['alpine_ski', 'nordic_ski', 'backcountry_ski', 'snowboard']);

/** run and walk/hike (and snowshoe) are foot; the ride and swim families are theirs; ski apart. */
export function glitchFamily(type: ActivityType): GlitchFamily {
  if (SKI.has(type)) return 'ski';
  if (type === 'snowshoe') return 'foot';
  const family = activityFamily(type);
  if (family === 'run' || family === 'foot') return 'foot';
  return family === 'ride' || family === 'swim' ? family : 'other';
}

export const glitchCeiling = (type: ActivityType): number => GLITCH_CEILING_MPS[glitchFamily(type)];

/**
 * A step's speed, or 0 when its points share a timestamp: phones and Suunto write several points
 * in one second, whose true spacing no file tells, so such a step is never called a glitch.
 */
const stepSpeed = (metres: number, dt: number): number => (dt > 0 ? metres / dt : 0);

type Column = ArrayLike<number | null>;

const present = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/**
 * Which steps of a track are glitches: `flags[i] = 1` when the step that ends at point i (from the
 * previous point with a position, or with a distance where neither end has a position) is faster
 * than `ceilingMps`. `times` in seconds (any origin). A step is measured by positions where both
 * ends have one (haversine) and else by the distance stream's increase; points with neither start
 * no step. `segments` (GPX tracks) end steps: a jump between segments is no step at all.
 */
export function glitchSteps(
  times: ArrayLike<number>,
  track: { lat?: Column | null; lon?: Column | null; distance?: Column | null; segments?: ArrayLike<number> | null },
  ceilingMps: number,
): Uint8Array {
  const n = times.length;
  const flags = new Uint8Array(n);
  const { lat, lon, distance, segments } = track;
  let prevPos = -1;
  let prevDist = -1;
  for (let i = 0; i < n; i++) {
    const hasPos = !!lat && !!lon && present(lat[i]) && present(lon[i]);
    const hasDist = !!distance && present(distance[i]);
    if (segments && i > 0 && segments[i] !== segments[i - 1]) {
      prevPos = -1;
      prevDist = -1;
    }
    if (hasPos && prevPos >= 0) {
      const metres = haversine(lat[prevPos] as number, lon[prevPos] as number, lat[i] as number, lon[i] as number);
      if (stepSpeed(metres, times[i]! - times[prevPos]!) > ceilingMps) flags[i] = 1;
    } else if (!hasPos && hasDist && prevDist >= 0) {
      const metres = (distance[i] as number) - (distance[prevDist] as number);
      if (stepSpeed(metres, times[i]! - times[prevDist]!) > ceilingMps) flags[i] = 1;
    }
    if (hasPos) prevPos = i;
    if (hasDist) prevDist = i;
  }
  return flags;
}

/** How many steps are glitches. */
export function countGlitches(flags: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < flags.length; i++) count += flags[i]!;
  return count;
}

/**
 * The cumulative distance with the glitches' distance taken out: across a glitch step the distance
 * stands still, and every later value is lowered by what the glitches added. Null entries stay
 * null; a new array is returned (the input is not changed). `removed` is the metres taken out.
 */
export function withoutGlitchDistance(distance: readonly (number | null)[], flags: Uint8Array): { distance: (number | null)[]; removed: number } {
  const out: (number | null)[] = new Array<number | null>(distance.length);
  let removed = 0;
  let prev: number | null = null;
  for (let i = 0; i < distance.length; i++) {
    const d = distance[i] ?? null;
    if (d === null) {
      out[i] = null;
      continue;
    }
    if (flags[i] && prev !== null && d > prev) removed += d - prev;
    prev = d;
    out[i] = d - removed;
  }
  return { distance: out, removed };
}

/** What a lap is read from here: its start and length (ParsedLap's fields) and the figures corrected. */
interface GlitchLap {
  startTime: Date;
  totalElapsedTime: number | null;
  totalTimerTime: number | null;
  distance: number | null;
  averageSpeed: number | null;
  maxSpeed: number | null;
}

/**
 * CONTRACT: "no figure (… laps' distance) is taken across" a glitch. A lap (the device's, with its
 * own distance) whose window holds glitch steps loses their distance, as the activity's stream
 * does (withoutGlitchDistance); its average speed follows and its max speed is kept under the
 * ceiling. `time` in seconds from `start`; `raw` and `clean` the distance stream before and after
 * withoutGlitchDistance. A lap without a glitch keeps the device's figures.
 */
export function lapsWithoutGlitches<L extends GlitchLap>(
  laps: readonly L[],
  start: Date,
  time: readonly number[],
  raw: readonly (number | null)[],
  clean: readonly (number | null)[],
  ceilingMps: number,
): L[] {
  // removed[i]: the glitch distance taken out up to point i (carried over points without a distance)
  const removed = new Float64Array(time.length);
  for (let i = 0, last = 0; i < time.length; i++) removed[i] = last = raw[i] != null && clean[i] != null ? raw[i]! - clean[i]! : last;
  /** the last point at or before `t` s, or -1 */
  const pointAt = (t: number) => {
    let lo = -1;
    let hi = time.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (time[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  return laps.map((lap, k) => {
    const from = (lap.startTime.getTime() - start.getTime()) / 1000;
    const next = laps[k + 1];
    const to = lap.totalElapsedTime !== null ? from + lap.totalElapsedTime : next ? (next.startTime.getTime() - start.getTime()) / 1000 : Infinity;
    const first = pointAt(from);
    const last = pointAt(to);
    const taken = (last >= 0 ? removed[last]! : 0) - (first >= 0 ? removed[first]! : 0);
    if (taken <= 0) return lap;
    const distance = lap.distance === null ? null : Math.max(0, lap.distance - taken);
    const timer = lap.totalTimerTime ?? lap.totalElapsedTime;
    const averageSpeed = distance !== null && timer ? distance / timer : lap.averageSpeed;
    const maxSpeed = lap.maxSpeed === null ? null : Math.min(lap.maxSpeed, ceilingMps);
    return { ...lap, distance, averageSpeed, maxSpeed };
  });
}

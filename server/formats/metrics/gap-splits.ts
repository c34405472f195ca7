import type { GradeAdjustedTrack } from './grade-adjusted-pace';

// Grade-adjusted pace (issue 52): the GAP of a stretch is its pace × its counted
// distance / its equivalent flat distance (grade-adjusted-pace.ts), so on the flat it is the pace
// itself. Kilometre splits are cut on the counted (glitch-free) distance.

export interface GapSplit {
  /** 1, 2, … */
  split: number;
  /** metres (1000 but for the last, shorter split) */
  distance: number;
  /** seconds */
  elapsedTime: number;
  /** s/km */
  pace: number;
  /** s/km */
  gap: number;
}

/** The last split is kept when it covers at least this many metres. */
const MIN_LAST_SPLIT_M = 100;

interface Point {
  t: number;
  counted: number;
  flat: number;
}

function points(times: readonly (number | null)[], track: GradeAdjustedTrack): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < times.length; i++) {
    const t = times[i];
    const counted = track.countedDistance[i];
    const flat = track.flatDistance[i];
    if (t != null && counted != null && flat != null) out.push({ t, counted, flat });
  }
  return out;
}

/** counted / flat distance between two times (the samples inside [from, to]); null when nothing was covered. */
export function flatRatioBetween(times: readonly (number | null)[], track: GradeAdjustedTrack, from: number, to: number): number | null {
  const inside = points(times, track).filter((p) => p.t >= from && p.t <= to);
  if (inside.length < 2) return null;
  const first = inside[0]!;
  const last = inside[inside.length - 1]!;
  const flat = last.flat - first.flat;
  return flat > 0 ? (last.counted - first.counted) / flat : null;
}

/** Time and flat distance where the counted distance reaches `at` (linear between samples). */
function at(p: Point[], k: number, target: number): { t: number; flat: number } {
  const a = p[k - 1]!;
  const b = p[k]!;
  const share = b.counted > a.counted ? (target - a.counted) / (b.counted - a.counted) : 1;
  return { t: a.t + (b.t - a.t) * share, flat: a.flat + (b.flat - a.flat) * share };
}

/** One split per kilometre of counted distance, the last shorter one when it reaches 100 m. */
export function kilometreSplits(times: readonly (number | null)[], track: GradeAdjustedTrack): GapSplit[] {
  const p = points(times, track);
  if (p.length < 2) return [];
  const splits: GapSplit[] = [];
  let from = { t: p[0]!.t, flat: p[0]!.flat, counted: p[0]!.counted };
  const push = (to: { t: number; flat: number; counted: number }) => {
    const distance = to.counted - from.counted;
    const flat = to.flat - from.flat;
    const elapsed = to.t - from.t;
    if (distance > 0 && flat > 0) {
      splits.push({ split: splits.length + 1, distance, elapsedTime: elapsed, pace: (elapsed / distance) * 1000, gap: (elapsed / flat) * 1000 });
    }
    from = to;
  };
  let next = from.counted + 1000;
  for (let k = 1; k < p.length; k++) {
    while (p[k]!.counted >= next) {
      push({ ...at(p, k, next), counted: next });
      next += 1000;
    }
  }
  const last = p[p.length - 1]!;
  if (last.counted - from.counted >= MIN_LAST_SPLIT_M) push(last);
  return splits;
}

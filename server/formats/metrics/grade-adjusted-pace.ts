// Grade-adjusted pace (issue 52) (issue 52; docs/decisions.md "Grade-adjusted
// pace"). The pace a run would have had on the flat for the same metabolic cost: Minetti et al.
// (2002)'s energy cost of running on a grade, on a grade smoothed over GAP_GRADE_WINDOW_M of
// distance. A step's equivalent flat distance is its distance × cost(grade) / cost(0); GAP is the
// time over the equivalent flat distance. Glitch steps (glitches.ts) cut the track: no grade, step
// or figure spans one.

/** Minetti et al. 2002, J Appl Physiol 93:1039–1046, eq. for running: Cr(i) in J kg⁻¹ m⁻¹, i the grade as a fraction. */
export const MINETTI_RUN_COEFFICIENTS = [155.4, -30.4, -43.3, 46.3, 19.5, 3.6] as const;

/** The range of grades Minetti measured (±45 %); steeper grades take the nearest end. */
export const MAX_MODEL_GRADE = 0.45;

/** Metres of distance the grade is measured over, centred on the step (docs/decisions.md says why 100 m). */
export const GAP_GRADE_WINDOW_M = 100;

/**
 * Grades within ±0.5 % are flat: over 100 m that is 0.5 m of altitude, inside the noise of a
 * barometric altimeter and far inside GPS altitude's. From 0.5 % to 1 % the grade ramps back to its
 * measured value, so the factor stays continuous and is the model's own from 1 % on.
 */
export const FLAT_GRADE = 0.005;

/** Below this speed (m/s) a sample is standing, not running: no GAP stream value. */
const MIN_PACE_SPEED_MPS = 0.5;

/** Minetti's cost of running (J kg⁻¹ m⁻¹) at a grade (fraction), clamped to the measured range. */
export function runningCost(grade: number): number {
  const i = Math.max(-MAX_MODEL_GRADE, Math.min(MAX_MODEL_GRADE, grade));
  let cost = 0;
  for (const c of MINETTI_RUN_COEFFICIENTS) cost = cost * i + c;
  return cost;
}

/** cost(grade) / cost(0): how many flat metres one metre at this grade is worth. */
export const gradeFactor = (grade: number): number => runningCost(grade) / runningCost(0);

/** The measured grade with the flat band taken out (continuous; equal to the grade from 1 % on). */
export function effectiveGrade(grade: number): number {
  const g = Math.abs(grade);
  if (g <= FLAT_GRADE) return 0;
  return Math.sign(grade) * (g < 2 * FLAT_GRADE ? (g - FLAT_GRADE) * 2 : g);
}

export interface GradeAdjustedTrack {
  /** cumulative distance (m) of the steps counted (within segments), at each sample; null as flatDistance */
  countedDistance: (number | null)[];
  /** cumulative equivalent flat distance (m) at each sample; null where the sample has no time, distance or altitude */
  flatDistance: (number | null)[];
  /** s/km at each sample: the pace of its speed at its grade's factor; null standing, at a glitch or without grade */
  gap: (number | null)[];
}

type Column = readonly (number | null | undefined)[];

const present = (v: number | null | undefined): v is number => v != null && Number.isFinite(v);

/** Altitude at distance `at` within samples idx[from..to] (distance nondecreasing), linear between samples. */
function altitudeAt(x: Float64Array, h: Float64Array, from: number, to: number, at: number, hint: { k: number }): number {
  let k = Math.max(from, Math.min(hint.k, to));
  while (k > from && x[k]! > at) k--;
  while (k < to && x[k + 1]! <= at) k++;
  hint.k = k;
  if (k >= to || x[k + 1]! === x[k]!) return h[k]!;
  return h[k]! + ((h[k + 1]! - h[k]!) * (at - x[k]!)) / (x[k + 1]! - x[k]!);
}

/**
 * The equivalent flat distance and the GAP stream of a track. `glitches[i] = 1` when the step
 * ending at sample i is a glitch (glitchSteps); `speed` (m/s) gives the stream's pace where
 * present, else each step's distance over its time.
 */
export function gradeAdjustedTrack(
  times: Column,
  distance: Column,
  altitude: Column,
  options: { speed?: Column | null; glitches?: Uint8Array | null } = {},
): GradeAdjustedTrack {
  const n = times.length;
  const flatDistance: (number | null)[] = new Array<number | null>(n).fill(null);
  const countedDistance: (number | null)[] = new Array<number | null>(n).fill(null);
  const gap: (number | null)[] = new Array<number | null>(n).fill(null);
  // the usable samples, compacted; a segment ends at a glitch or where the distance goes back
  const idx: number[] = [];
  for (let i = 0; i < n; i++) if (present(times[i]) && present(distance[i]) && present(altitude[i])) idx.push(i);
  const x = Float64Array.from(idx, (i) => distance[i] as number);
  const h = Float64Array.from(idx, (i) => altitude[i] as number);
  const t = Float64Array.from(idx, (i) => times[i] as number);
  let flat = 0;
  let counted = 0;
  let start = 0;
  while (start < idx.length) {
    let end = start;
    while (end + 1 < idx.length && !options.glitches?.[idx[end + 1]!] && x[end + 1]! >= x[end]! && t[end + 1]! >= t[end]!) end++;
    // one hint per window end: each walks forward with the track, so a grade costs O(1) amortized
    const loHint = { k: start };
    const hiHint = { k: start };
    const gradeAt = (at: number): number => {
      const lo = Math.max(x[start]!, at - GAP_GRADE_WINDOW_M / 2);
      const hi = Math.min(x[end]!, at + GAP_GRADE_WINDOW_M / 2);
      if (hi - lo <= 0) return 0;
      const rise = altitudeAt(x, h, start, end, hi, hiHint) - altitudeAt(x, h, start, end, lo, loHint);
      return effectiveGrade(rise / (hi - lo));
    };
    flatDistance[idx[start]!] = flat;
    countedDistance[idx[start]!] = counted;
    for (let k = start; k <= end; k++) {
      const i = idx[k]!;
      if (k > start) {
        const step = x[k]! - x[k - 1]!;
        if (step > 0) flat += step * gradeFactor(gradeAt((x[k]! + x[k - 1]!) / 2));
        counted += step;
        flatDistance[i] = flat;
        countedDistance[i] = counted;
      }
      const speed = options.speed ? options.speed[i] : k > start && t[k]! > t[k - 1]! ? (x[k]! - x[k - 1]!) / (t[k]! - t[k - 1]!) : null;
      if (present(speed) && speed >= MIN_PACE_SPEED_MPS && !(k === start && options.glitches?.[i])) {
        gap[i] = 1000 / (speed * gradeFactor(gradeAt(x[k]!)));
      }
    }
    start = end + 1;
  }
  return { countedDistance, flatDistance, gap };
}

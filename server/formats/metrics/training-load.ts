import { normalizedPowerOfRecorded, recordedPower } from './normalized-power';
import { oneSecondGrid } from './one-second-grid';

// CONTRACT: Beyond the spec … Training load. Split in two so a threshold change never reads streams:
// the worker that parsed an activity measures what its streams give whatever the thresholds
// (loadInputs: NP and the power grid's seconds, the heart-rate grid as seconds per value), and the
// load under some thresholds is then a sum over those (activityLoad). Heart rates are stored to
// 0.1 bpm, so seconds per value are exactly the grid, and the TRIMP from them is the grid's sum.

/**
 * Raise it whenever a change here, in one-second-grid.ts or normalized-power.ts changes what
 * loadInputs measures: the load_recompute job queued at start measures every stored activity of
 * an older version again (queue-load-backfill.ts). 2: NP and TSS over the recorded (non-gap)
 * seconds, one NP per activity, zeros-only power is no power (CONTRACT revised 2026-11-29).
 */
export const LOAD_ALGORITHM_VERSION = 2;

export interface LoadInputs {
  /**
   * The activity's one NP (CONTRACT: "the record's normalized_power is the NP that IF and load
   * use"): the device's when it wrote one, else the 1 s grid's; null without 30 s of power
   */
  normalizedPower: number | null;
  /** recorded (non-gap) seconds of the power grid (0 without power or with zeros only) */
  powerSeconds: number;
  /** seconds of the heart-rate grid (gap seconds skipped) at each value, by value; null without any */
  hrSeconds: [number, number][] | null;
}

export interface LoadThresholds {
  maxHr: number | null;
  restingHr: number | null;
  lthr: number | null;
  ftp: number | null;
  /** seconds per km */
  thresholdPace?: number | null;
}

/** What a pace-based load reads of the activity itself (CONTRACT: Real history … Pace-based training load). */
export interface LoadActivity {
  /** the activity is of the run family (run, trail_run, track_run, treadmill, virtual_run) */
  runFamily: boolean;
  /** seconds */
  movingTime: number | null;
  /** metres */
  distance: number | null;
}

export interface ActivityLoad {
  trimp: number | null;
  trainingLoad: number | null;
  loadMethod: 'power' | 'hr' | 'pace' | null;
  intensityFactor: number | null;
}

/** Why an activity has no training load, for the web app to say. */
export type MissingLoadReason = 'no_heart_rate' | 'no_thresholds';

export const NO_LOAD_INPUTS: LoadInputs = { normalizedPower: null, powerSeconds: 0, hrSeconds: null };
/** What a parser sets: the load is measured at ingest under the user's thresholds, never read from a file. */
export const NO_LOAD: ActivityLoad = { trimp: null, trainingLoad: null, loadMethod: null, intensityFactor: null };

function secondsByValue(values: Float64Array): [number, number][] | null {
  const seconds = new Map<number, number>();
  for (const v of values) if (!Number.isNaN(v)) seconds.set(v, (seconds.get(v) ?? 0) + 1);
  return seconds.size ? [...seconds].sort((a, b) => a[0] - b[0]) : null;
}

export function loadInputs(streams: {
  time?: readonly (number | null)[] | null;
  heartRate?: readonly (number | null)[] | null;
  power?: readonly (number | null)[] | null;
}): LoadInputs {
  const time = streams.time;
  if (!time?.length) return NO_LOAD_INPUTS;
  const power = streams.power ? recordedPower(oneSecondGrid(time, streams.power, Number.NaN).values) : null;
  return {
    normalizedPower: power ? normalizedPowerOfRecorded(power) : null,
    powerSeconds: power?.length ?? 0,
    hrSeconds: streams.heartRate ? secondsByValue(oneSecondGrid(time, streams.heartRate, Number.NaN).values) : null,
  };
}

/**
 * The inputs with the activity's one NP: its record's `normalized_power` (a FIT session's own
 * when the device wrote one) whenever the activity has power at all; no power, no NP.
 */
export function withRecordNormalizedPower(inputs: LoadInputs, recordNormalizedPower: number | null): LoadInputs {
  if (inputs.powerSeconds === 0) return { ...inputs, normalizedPower: null };
  return recordNormalizedPower != null && recordNormalizedPower > 0 ? { ...inputs, normalizedPower: recordNormalizedPower } : inputs;
}

/** Banister's weighting of one minute at heart-rate reserve fraction r. */
function banister(r: number): number {
  return r * 0.64 * Math.exp(1.92 * r);
}

function trimpOf(hrSeconds: [number, number][] | null, t: LoadThresholds): number | null {
  if (!hrSeconds || t.maxHr == null || t.restingHr == null || t.maxHr <= t.restingHr) return null;
  let trimp = 0;
  for (const [hr, seconds] of hrSeconds) {
    const r = Math.min(1, Math.max(0, (hr - t.restingHr) / (t.maxHr - t.restingHr)));
    trimp += (seconds / 60) * banister(r);
  }
  return trimp;
}

/**
 * CONTRACT: Real history … Pace-based training load: p = moving_time ÷ (distance / 1000) s/km,
 * IF = threshold_pace ÷ p, load = moving_time × IF² / 3600 × 100 (an hour at threshold pace = 100).
 */
function paceLoad(activity: LoadActivity | undefined, thresholdPace: number | null | undefined): { intensityFactor: number; trainingLoad: number } | null {
  if (!activity?.runFamily || thresholdPace == null || !(thresholdPace > 0)) return null;
  const { movingTime, distance } = activity;
  if (movingTime == null || distance == null || !(movingTime > 0) || !(distance > 0)) return null;
  const pace = movingTime / (distance / 1000);
  const intensityFactor = thresholdPace / pace;
  return { intensityFactor, trainingLoad: ((movingTime * intensityFactor ** 2) / 3600) * 100 };
}

/**
 * The load of an activity under the thresholds in effect on its start day (null: none in effect).
 * Power wins over heart rate, heart rate over pace; pace only for a run-family activity with
 * neither power nor heart rate (`activity` omitted: no pace-based load).
 */
export function activityLoad(inputs: LoadInputs, thresholds: LoadThresholds | null, activity?: LoadActivity): ActivityLoad {
  if (!thresholds) return NO_LOAD;
  const trimp = trimpOf(inputs.hrSeconds, thresholds);
  const { ftp, lthr, maxHr, restingHr } = thresholds;
  if (inputs.normalizedPower != null && ftp != null && ftp > 0) {
    const intensityFactor = inputs.normalizedPower / ftp;
    const trainingLoad = ((inputs.powerSeconds * inputs.normalizedPower * intensityFactor) / (ftp * 3600)) * 100;
    return { trimp, trainingLoad, loadMethod: 'power', intensityFactor };
  }
  if (trimp != null && lthr != null && maxHr != null && restingHr != null && lthr > restingHr) {
    // one hour at LTHR = 100
    const hourAtLthr = 60 * banister((lthr - restingHr) / (maxHr - restingHr));
    return { trimp, trainingLoad: (trimp / hourAtLthr) * 100, loadMethod: 'hr', intensityFactor: null };
  }
  const pace = inputs.normalizedPower == null && !inputs.hrSeconds ? paceLoad(activity, thresholds.thresholdPace) : null;
  if (pace) return { trimp, ...pace, loadMethod: 'pace' };
  return { ...NO_LOAD, trimp };
}

/** Why there is no load: no stream to measure, or no thresholds that measure it. Null when there is one. */
export function missingLoadReason(inputs: LoadInputs, load: ActivityLoad): MissingLoadReason | null {
  if (load.trainingLoad != null) return null;
  return inputs.hrSeconds || inputs.normalizedPower != null ? 'no_thresholds' : 'no_heart_rate';
}

import { oneSecondGrid } from './one-second-grid';

// CONTRACT: Beyond the spec … Training load. Split in two so a threshold change never reads streams:
// the worker that parsed an activity measures what its streams give whatever the thresholds
// (loadInputs: NP and the power grid's seconds, the heart-rate grid as seconds per value), and the
// load under some thresholds is then a sum over those (activityLoad). Heart rates are stored to
// 0.1 bpm, so seconds per value are exactly the grid, and the TRIMP from them is the grid's sum.

export interface LoadInputs {
  /** NP: 30 s rolling mean on the 1 s power grid, fourth power, mean, fourth root; null under 30 s */
  normalizedPower: number | null;
  /** elapsed seconds of the power grid (0 without power) */
  powerSeconds: number;
  /** seconds of the heart-rate grid (gap seconds skipped) at each value, by value; null without any */
  hrSeconds: [number, number][] | null;
}

export interface LoadThresholds {
  maxHr: number | null;
  restingHr: number | null;
  lthr: number | null;
  ftp: number | null;
}

export interface ActivityLoad {
  trimp: number | null;
  trainingLoad: number | null;
  loadMethod: 'power' | 'hr' | null;
  intensityFactor: number | null;
}

/** Why an activity has no training load, for the web app to say. */
export type MissingLoadReason = 'no_heart_rate' | 'no_thresholds';

export const NO_LOAD_INPUTS: LoadInputs = { normalizedPower: null, powerSeconds: 0, hrSeconds: null };
/** What a parser sets: the load is measured at ingest under the user's thresholds, never read from a file. */
export const NO_LOAD: ActivityLoad = { trimp: null, trainingLoad: null, loadMethod: null, intensityFactor: null };

const NP_WINDOW_S = 30;

function normalizedPowerOfGrid(values: Float64Array): number | null {
  if (values.length < NP_WINDOW_S) return null;
  let window = 0;
  let sum4 = 0;
  for (let k = 0; k < values.length; k++) {
    window += values[k]!;
    if (k >= NP_WINDOW_S) window -= values[k - NP_WINDOW_S]!;
    if (k >= NP_WINDOW_S - 1) sum4 += (window / NP_WINDOW_S) ** 4;
  }
  return (sum4 / (values.length - NP_WINDOW_S + 1)) ** 0.25;
}

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
  const power = streams.power ? oneSecondGrid(time, streams.power, 0).values : new Float64Array(0);
  return {
    normalizedPower: normalizedPowerOfGrid(power),
    powerSeconds: power.length,
    hrSeconds: streams.heartRate ? secondsByValue(oneSecondGrid(time, streams.heartRate, Number.NaN).values) : null,
  };
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

/** The load of an activity under the thresholds in effect on its start day (null: none in effect). */
export function activityLoad(inputs: LoadInputs, thresholds: LoadThresholds | null): ActivityLoad {
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
  return { ...NO_LOAD, trimp };
}

/** Why there is no load: no stream to measure, or no thresholds that measure it. Null when there is one. */
export function missingLoadReason(inputs: LoadInputs, load: ActivityLoad): MissingLoadReason | null {
  if (load.trainingLoad != null) return null;
  return inputs.hrSeconds || inputs.normalizedPower != null ? 'no_thresholds' : 'no_heart_rate';
}

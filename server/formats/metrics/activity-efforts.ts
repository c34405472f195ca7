import { bestEfforts, type BestEffort } from './best-efforts';
import { hrCurve, type HrCurvePoint } from './hr-curve';
import { powerCurve, type PowerCurvePoint } from './power-curve';
import { runGapTrack, type GapStreams } from './run-gap-track';

// CONTRACT: Beyond the spec … Best efforts and records: what an activity's streams give, computed on
// the worker that parsed it (prepareActivity) and by the backfill from stored streams, from the
// same rounded streams, so both give the same figures.

/**
 * Raise it whenever a change to best-efforts.ts, power-curve.ts or one-second-grid.ts changes a
 * figure: the backfill job then recomputes every stored activity of an older version. 2: a power
 * stream of zeros only gives no power curve (CONTRACT revised 2026-11-29). 3: no best effort faster
 * than the world record at its distance; the heart-rate curve and the grade-adjusted best efforts
 * the curves read (issue 52).
 */
export const EFFORTS_ALGORITHM_VERSION = 3;

export interface ActivityEfforts {
  /** distance efforts of any activity with a distance stream; only the run family shows them */
  bestEfforts: BestEffort[];
  powerCurve: PowerCurvePoint[];
  hrCurve: HrCurvePoint[];
  /** best efforts over the equivalent flat distance (grade-adjusted-pace.ts): the run family with altitude only */
  gapEfforts: BestEffort[];
}

export const NO_EFFORTS: ActivityEfforts = { bestEfforts: [], powerCurve: [], hrCurve: [], gapEfforts: [] };

type Column = readonly (number | null)[] | null | undefined;

export function activityEfforts(type: string, streams: GapStreams & { power?: Column; heartRate?: Column }): ActivityEfforts {
  const time = streams.time;
  if (!time?.length) return NO_EFFORTS;
  const gap = runGapTrack(type, streams);
  return {
    bestEfforts: streams.distance ? bestEfforts(time, streams.distance) : [],
    powerCurve: streams.power ? powerCurve(time, streams.power) : [],
    hrCurve: streams.heartRate ? hrCurve(time, streams.heartRate) : [],
    gapEfforts: gap ? bestEfforts(time, gap.flatDistance) : [],
  };
}

import { bestEfforts, type BestEffort } from './best-efforts';
import { powerCurve, type PowerCurvePoint } from './power-curve';

// CONTRACT: Beyond the spec … Best efforts and records: what an activity's streams give, computed on
// the worker that parsed it (prepareActivity) and by the backfill from stored streams, from the
// same rounded streams, so both give the same figures.

/**
 * Raise it whenever a change to best-efforts.ts, power-curve.ts or one-second-grid.ts changes a
 * figure: the backfill job then recomputes every stored activity of an older version. 2: a power
 * stream of zeros only gives no power curve (CONTRACT revised 2026-11-29). 3: no best effort faster
 * than the world record at its distance.
 */
export const EFFORTS_ALGORITHM_VERSION = 3;

export interface ActivityEfforts {
  /** distance efforts of any activity with a distance stream; only the run family shows them */
  bestEfforts: BestEffort[];
  powerCurve: PowerCurvePoint[];
}

export const NO_EFFORTS: ActivityEfforts = { bestEfforts: [], powerCurve: [] };

export function activityEfforts(streams: {
  time?: readonly (number | null)[] | null;
  distance?: readonly (number | null)[] | null;
  power?: readonly (number | null)[] | null;
}): ActivityEfforts {
  const time = streams.time;
  if (!time?.length) return NO_EFFORTS;
  return {
    bestEfforts: streams.distance ? bestEfforts(time, streams.distance) : [],
    powerCurve: streams.power ? powerCurve(time, streams.power) : [],
  };
}

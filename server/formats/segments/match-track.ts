import type { ActivityType } from '../activity-types';
import { glitchCeiling, glitchSteps } from '../metrics/glitches';
import type { MatchTrack } from './match-segment';

// CONTRACT: Real history and hand-made activities: no figure is taken across a glitch, so a pass
// over a segment is never followed across one either. The flags are computed once per track and
// serve every segment it is matched against.

export interface StoredTrack {
  activityType: string;
  time: number[];
  lat: (number | null)[] | null;
  lon: (number | null)[] | null;
  distance: (number | null)[] | null;
  heartRate: (number | null)[] | null;
  power: (number | null)[] | null;
}

/** The track as the matcher reads it, with its glitch steps; null without positions. */
export function matchTrack(stored: StoredTrack): MatchTrack | null {
  const { time, lat, lon, distance } = stored;
  if (!lat || !lon) return null;
  const glitches = glitchSteps(time, { lat, lon, distance }, glitchCeiling(stored.activityType as ActivityType));
  return { time, lat, lon, distance, heartRate: stored.heartRate, power: stored.power, glitches };
}

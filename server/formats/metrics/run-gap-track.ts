import { activityFamily, type ActivityType } from '../activity-types';
import { isVirtual } from '../finalize';
import { glitchCeiling, glitchSteps } from './glitches';
import { gradeAdjustedTrack, type GradeAdjustedTrack } from './grade-adjusted-pace';

// Grade-adjusted pace (issue 52): which activities have one (the run family, with
// distance and altitude) and where its track is cut (the glitches the parser found, found again
// from the positions: finalize.ts made the distance stand still across them, the positions jump).

type Column = readonly (number | null)[] | null | undefined;

export interface GapStreams {
  time?: Column;
  distance?: Column;
  altitude?: Column;
  speed?: Column;
  lat?: Column;
  lon?: Column;
}

/** The GAP track of a run-family activity with distance and altitude; null for any other. */
export function runGapTrack(type: string, streams: GapStreams): GradeAdjustedTrack | null {
  const { time, distance, altitude, lat, lon } = streams;
  if (!time?.length || !distance || !altitude || activityFamily(type as ActivityType) !== 'run') return null;
  const glitches =
    lat && lon && !isVirtual(type as ActivityType)
      ? glitchSteps(
          time.map((t) => t ?? NaN),
          { lat, lon, distance },
          glitchCeiling(type as ActivityType),
        )
      : null;
  return gradeAdjustedTrack(time, distance, altitude, { speed: streams.speed, glitches });
}

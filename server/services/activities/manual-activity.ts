import { ACTIVITY_FIELDS, type ActivityFieldValues } from '@/server/activity-fields';
import type { ActivityType } from '@/server/formats';
import { NO_EFFORTS } from '@/server/formats/metrics/activity-efforts';
import type { PreparedActivity } from '../ingestion/prepare-activity';

// CONTRACT: Real history and hand-made activities: Hand-made activities. An activity a person
// typed in (or Strava's manual entry in an archive): figures, no streams, no laps. It counts in
// statistics, the calendar, whole-activity records and training load, never in best efforts.

export interface ManualFigures {
  name: string | null;
  activityType: ActivityType;
  startTime: Date;
  timezone: string | null;
  totalElapsedTime: number;
  /** defaults to, and never exceeds, the elapsed time */
  movingTime?: number | null;
  distance?: number | null;
  elevationGain?: number | null;
  averageHr?: number | null;
  calories?: number | null;
}

const NO_FIGURES = Object.fromEntries(ACTIVITY_FIELDS.map((field) => [field.name, null])) as unknown as ActivityFieldValues;

/** The activity the ingestion pipeline stores for typed-in figures. */
export function manualActivity(figures: ManualFigures): PreparedActivity {
  const elapsed = figures.totalElapsedTime;
  const moving = Math.min(figures.movingTime ?? elapsed, elapsed);
  const distance = figures.distance ?? null;
  const speed = distance && moving > 0 ? distance / moving : null;
  const averageHr = figures.averageHr ?? null;
  return {
    ...NO_FIGURES,
    format: 'summary',
    name: figures.name,
    activityType: figures.activityType,
    activityTypeSource: 'file',
    sportRaw: null,
    startTime: figures.startTime,
    endTime: new Date(figures.startTime.getTime() + elapsed * 1000),
    timezone: figures.timezone,
    totalElapsedTime: elapsed,
    movingTime: moving,
    distance,
    elevationGain: figures.elevationGain ?? null,
    averageSpeed: speed,
    averagePace: speed ? 1000 / speed : null,
    averageHr,
    calories: figures.calories ?? null,
    laps: [],
    streams: null,
    derived: {
      hrSecondsByBpm: null,
      thumbnailSvg: null,
      efforts: NO_EFFORTS,
      route: null,
      tiles: null,
      // CONTRACT: … Hand-made activities: TRIMP over the whole moving time at average_hr when it is the only signal
      loadInputs: { normalizedPower: null, powerSeconds: 0, hrSeconds: averageHr != null && moving > 0 ? [[averageHr, moving]] : null },
    },
  };
}

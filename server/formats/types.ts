import type { ActivityFieldValues, LapFieldValues } from '../activity-fields';
import type { ActivityType, ActivityTypeSource } from './activity-types';

export type { ActivityType, ActivityTypeSource } from './activity-types';

export type FileFormat = 'fit' | 'gpx' | 'tcx';

/** A value per point, aligned with `time`; null where the point has no value. */
export type Stream = (number | null)[];

/** Aligned per-point arrays; a key is present only when at least one point carries the value. */
export interface Streams {
  /** Seconds from the activity's startTime. */
  time: number[];
  lat?: Stream;
  lon?: Stream;
  /** Cumulative metres (device-written where present, else haversine within segments). */
  distance?: Stream;
  altitude?: Stream;
  heart_rate?: Stream;
  cadence?: Stream;
  power?: Stream;
  /** m/s */
  speed?: Stream;
  /** °C */
  temperature?: Stream;
}

/** A lap's figures (server/activity-fields.ts LAP_FIELDS). */
export type ParsedLap = LapFieldValues;

/**
 * One normalized activity; its figures are the activity fields of server/activity-fields.ts. All
 * numbers are SI: metres, seconds, m/s, s/km, bpm, W, rpm, kcal.
 */
export interface ParsedActivity extends ActivityFieldValues {
  /**
   * the file's format, 'strava' for an activity read from Strava's API (server/strava), or
   * 'summary' for one rebuilt from an account export's stored figures (it had no file)
   */
  format: FileFormat | 'strava' | 'summary';
  name: string | null;
  activityType: ActivityType;
  /**
   * "file" when the file names the sport (FIT sport, GPX <type>, TCX Sport); "inferred" when it
   * does not and `infer/` chose the type from the name, the creator or the motion (or fell back
   * to `workout`). Parsers never say "user": that is a person's edit of a stored activity.
   */
  activityTypeSource: Exclude<ActivityTypeSource, 'user'>;
  /** What the file itself said (FIT "sport/sub_sport", GPX <type>, TCX Sport). */
  sportRaw: string | null;
  startTime: Date;
  laps: ParsedLap[];
  streams: Streams;
}

export interface ParseOptions {
  /** The upload cap in bytes (CONTRACT MAX_UPLOAD_BYTES); a .gz may inflate to 10 times it. */
  maxUploadBytes?: number;
  /** Points per file; defaults to MAX_POINTS. Lowered by tests. */
  maxPoints?: number;
}

// The activity's and the lap's figures, each declared once. Everything that names them reads this
// table: the drizzle columns (db/schema/activities.ts), the activity and lap records and the JSON
// the database writes for them (server/services/activities/activity-record.ts, activity-json.ts),
// the response schemas and so the OpenAPI document (server/services/activities/schemas.ts), the
// insert (insert-parsed-activities.ts), the account export's activities.csv and stride.json
// summary and their import (server/services/account-export, archive-import), the Strava mapping
// (server/strava/strava-activity.ts) and ParsedActivity/ParsedLap (server/formats/types.ts).
// activity-fields.test.ts fails when another file spells the figures out again.
//
// Adding a figure:
//   1. one entry below (ACTIVITY_FIELDS or LAP_FIELDS): its name, wire name, type, unit, nullable,
//      and where it applies: `section` (where the activity record shows it), `digits`, `csv`,
//      `strava`, `min`/`max`/`maxLength` (what stride.json's import accepts);
//   2. the parser code that sets it (server/formats; ParsedActivity gains the key from this table,
//      so the typecheck shows every parser that must set it);
//   3. a migration: `npx drizzle-kit generate --name <figure>` adds the column.
// A figure given a `csv` header also takes its place among activities.csv's columns (Strava's
// order, server/services/account-export/activities-csv.ts; the module refuses to load otherwise).
// The record, the database-written JSON, OpenAPI, the insert, the export and its import follow.
// Pure data and plain functions: the parsers, the Strava worker and db/schema import it.

export type FieldType = 'double' | 'timestamp' | 'text';

/** Where a figure sits in the activity record: after start_time, after gear_id, after import. */
export type RecordSection = 'summary' | 'device' | 'start';

export interface FieldSpec {
  /** camelCase: the ParsedActivity/ParsedLap key and the drizzle property */
  readonly name: string;
  /** snake_case: the JSON name (REST, tRPC, stride.json) and, by rule, the column's name */
  readonly wire: string;
  /** double precision → number, timestamptz → Date (ISO 8601 on the wire), text → string */
  readonly type: FieldType;
  /** SI, as stored and as sent (CONTRACT: Activities); null for what has no unit */
  readonly unit: string | null;
  readonly nullable: boolean;
  /** decimal digits kept when stored; absent: stored as computed */
  readonly digits?: number;
  /** activity figures: where the record shows it */
  readonly section?: RecordSection;
  /** activities.csv's header for the figure (Strava's name); absent: not a column of the export */
  readonly csv?: string;
  /** the field of Strava's SummaryActivity (activity fields) or Lap (lap fields) it is read from */
  readonly strava?: string;
  /** what stride.json's import accepts beyond the type */
  readonly min?: number;
  readonly max?: number;
  readonly maxLength?: number;
}

/** CONTRACT: Activities: the activity's figures, in stride.json's order. */
export const ACTIVITY_FIELDS = [
  { name: 'endTime', wire: 'end_time', type: 'timestamp', unit: null, nullable: false, section: 'summary' },
  // the IANA zone of the first real GPS point; null without GPS or for virtual activities
  { name: 'timezone', wire: 'timezone', type: 'text', unit: null, nullable: true, section: 'summary', maxLength: 64 },
  { name: 'distance', wire: 'distance', type: 'double', unit: 'm', nullable: true, section: 'summary', csv: 'Distance', strava: 'distance' },
  {
    name: 'totalElapsedTime',
    wire: 'total_elapsed_time',
    type: 'double',
    unit: 's',
    nullable: false,
    section: 'summary',
    csv: 'Elapsed Time',
    strava: 'elapsed_time',
    min: 0,
  },
  { name: 'totalTimerTime', wire: 'total_timer_time', type: 'double', unit: 's', nullable: true, section: 'summary', strava: 'moving_time' },
  { name: 'movingTime', wire: 'moving_time', type: 'double', unit: 's', nullable: true, section: 'summary', csv: 'Moving Time', strava: 'moving_time' },
  {
    name: 'elevationGain',
    wire: 'elevation_gain',
    type: 'double',
    unit: 'm',
    nullable: true,
    section: 'summary',
    csv: 'Elevation Gain',
    strava: 'total_elevation_gain',
  },
  { name: 'elevationLoss', wire: 'elevation_loss', type: 'double', unit: 'm', nullable: true, section: 'summary', csv: 'Elevation Loss' },
  {
    name: 'averageSpeed',
    wire: 'average_speed',
    type: 'double',
    unit: 'm/s',
    nullable: true,
    section: 'summary',
    csv: 'Average Speed',
    strava: 'average_speed',
  },
  { name: 'maxSpeed', wire: 'max_speed', type: 'double', unit: 'm/s', nullable: true, section: 'summary', csv: 'Max Speed', strava: 'max_speed' },
  // s/km; Strava's is its average speed's (server/strava/strava-activity.ts)
  { name: 'averagePace', wire: 'average_pace', type: 'double', unit: 's/km', nullable: true, section: 'summary' },
  {
    name: 'averageHr',
    wire: 'average_hr',
    type: 'double',
    unit: 'bpm',
    nullable: true,
    section: 'summary',
    csv: 'Average Heart Rate',
    strava: 'average_heartrate',
  },
  { name: 'maxHr', wire: 'max_hr', type: 'double', unit: 'bpm', nullable: true, section: 'summary', csv: 'Max Heart Rate', strava: 'max_heartrate' },
  { name: 'averagePower', wire: 'average_power', type: 'double', unit: 'W', nullable: true, section: 'summary', csv: 'Average Watts', strava: 'average_watts' },
  { name: 'maxPower', wire: 'max_power', type: 'double', unit: 'W', nullable: true, section: 'summary', csv: 'Max Watts', strava: 'max_watts' },
  {
    name: 'normalizedPower',
    wire: 'normalized_power',
    type: 'double',
    unit: 'W',
    nullable: true,
    section: 'summary',
    csv: 'Weighted Average Power',
    strava: 'weighted_average_watts',
  },
  {
    name: 'averageCadence',
    wire: 'average_cadence',
    type: 'double',
    unit: 'rpm',
    nullable: true,
    section: 'summary',
    csv: 'Average Cadence',
    strava: 'average_cadence',
  },
  { name: 'maxCadence', wire: 'max_cadence', type: 'double', unit: 'rpm', nullable: true, section: 'summary', csv: 'Max Cadence' },
  // pool swims: the pool's length and the strokes the watch counted, from which the web app shows
  // SWOLF (app/_lib/swolf.ts); null for everything else
  { name: 'poolLength', wire: 'pool_length', type: 'double', unit: 'm', nullable: true, section: 'summary', min: 0 },
  { name: 'totalStrokes', wire: 'total_strokes', type: 'double', unit: null, nullable: true, section: 'summary', min: 0 },
  // not read from Strava: its SummaryActivity has none (only the detailed activity, one request each)
  { name: 'calories', wire: 'calories', type: 'double', unit: 'kcal', nullable: true, section: 'summary', csv: 'Calories' },
  // CONTRACT: Beyond the spec … Training load: computed at ingest (and again after a threshold
  // change) under the thresholds in effect on the start day, never read from a file or Strava
  { name: 'trimp', wire: 'trimp', type: 'double', unit: null, nullable: true, section: 'summary', min: 0 },
  { name: 'trainingLoad', wire: 'training_load', type: 'double', unit: null, nullable: true, section: 'summary', min: 0 },
  // 'power' or 'hr' (which way training_load was measured)
  { name: 'loadMethod', wire: 'load_method', type: 'text', unit: null, nullable: true, section: 'summary', maxLength: 5 },
  { name: 'intensityFactor', wire: 'intensity_factor', type: 'double', unit: null, nullable: true, section: 'summary', min: 0 },
  { name: 'deviceManufacturer', wire: 'device_manufacturer', type: 'text', unit: null, nullable: true, section: 'device', maxLength: 200 },
  { name: 'deviceModel', wire: 'device_model', type: 'text', unit: null, nullable: true, section: 'device', maxLength: 200 },
  { name: 'startLat', wire: 'start_lat', type: 'double', unit: '°', nullable: true, section: 'start', min: -90, max: 90 },
  { name: 'startLon', wire: 'start_lon', type: 'double', unit: '°', nullable: true, section: 'start', min: -180, max: 180 },
] as const satisfies readonly FieldSpec[];

/** CONTRACT: Activities: a lap's figures (its lap_index is its place, not a figure). */
export const LAP_FIELDS = [
  { name: 'startTime', wire: 'start_time', type: 'timestamp', unit: null, nullable: false },
  { name: 'totalElapsedTime', wire: 'total_elapsed_time', type: 'double', unit: 's', nullable: true, strava: 'elapsed_time' },
  { name: 'totalTimerTime', wire: 'total_timer_time', type: 'double', unit: 's', nullable: true, strava: 'moving_time' },
  { name: 'distance', wire: 'distance', type: 'double', unit: 'm', nullable: true, strava: 'distance' },
  { name: 'averageHr', wire: 'average_hr', type: 'double', unit: 'bpm', nullable: true, strava: 'average_heartrate' },
  { name: 'maxHr', wire: 'max_hr', type: 'double', unit: 'bpm', nullable: true, strava: 'max_heartrate' },
  { name: 'averageSpeed', wire: 'average_speed', type: 'double', unit: 'm/s', nullable: true, strava: 'average_speed' },
  { name: 'maxSpeed', wire: 'max_speed', type: 'double', unit: 'm/s', nullable: true, strava: 'max_speed' },
  { name: 'averagePower', wire: 'average_power', type: 'double', unit: 'W', nullable: true, strava: 'average_watts' },
  { name: 'maxPower', wire: 'max_power', type: 'double', unit: 'W', nullable: true },
  { name: 'averageCadence', wire: 'average_cadence', type: 'double', unit: 'rpm', nullable: true, strava: 'average_cadence' },
  { name: 'maxCadence', wire: 'max_cadence', type: 'double', unit: 'rpm', nullable: true },
  { name: 'ascent', wire: 'ascent', type: 'double', unit: 'm', nullable: true, strava: 'total_elevation_gain' },
  { name: 'totalStrokes', wire: 'total_strokes', type: 'double', unit: null, nullable: true },
] as const satisfies readonly FieldSpec[];

export type ActivityField = (typeof ACTIVITY_FIELDS)[number];
export type LapField = (typeof LAP_FIELDS)[number];

/** A field's value: a number, a Date or a string, or null when nullable. */
export type FieldValue<F extends FieldSpec> =
  (F['type'] extends 'double' ? number : F['type'] extends 'timestamp' ? Date : string) | (F['nullable'] extends true ? null : never);
type WireValue<F extends FieldSpec> = (F['type'] extends 'timestamp' ? string : FieldValue<F>) | (F['nullable'] extends true ? null : never);

/** The fields under their names (ParsedActivity, the drizzle row). */
export type FieldValues<F extends FieldSpec> = { -readonly [K in F as K['name']]: FieldValue<K> };
/** The fields under their wire names, timestamps as ISO 8601 text. */
export type WireValues<F extends FieldSpec> = { -readonly [K in F as K['wire']]: WireValue<K> };

export type ActivityFieldValues = FieldValues<ActivityField>;
export type LapFieldValues = FieldValues<LapField>;
export type SectionField<S extends RecordSection> = Extract<ActivityField, { section: S }>;

/** The activity fields the record shows in one section, in the table's order. */
export const sectionFields = <S extends RecordSection>(section: S) => ACTIVITY_FIELDS.filter((f): f is SectionField<S> => f.section === section);

/** Date#toISOString: the records' and stride.json's form of a timestamp. */
const wireValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** `fields` of `values` (a row, a parsed activity) under their wire names, in the table's order. */
export function toWire<F extends FieldSpec>(fields: readonly F[], values: FieldValues<F>): WireValues<F> {
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field.wire] = wireValue((values as Record<string, unknown>)[field.name]);
  return out as WireValues<F>;
}

/** `fields` of `values` under their names, with a stored figure's `digits` applied. */
export function pickFields<F extends FieldSpec>(fields: readonly F[], values: FieldValues<F>): FieldValues<F> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = (values as Record<string, unknown>)[field.name];
    out[field.name] = field.digits !== undefined && typeof value === 'number' ? roundTo(value, field.digits) : value;
  }
  return out as FieldValues<F>;
}

/** `fields` renamed from wire names to names (what an import decoded, typed by its schema). */
export function fromWire<F extends FieldSpec>(fields: readonly F[], wire: WireValuesDecoded<F>): FieldValues<F> {
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field.name] = (wire as Record<string, unknown>)[field.wire];
  return out as FieldValues<F>;
}

/** The fields under their wire names as a decoder gives them back (timestamps as Date). */
export type WireValuesDecoded<F extends FieldSpec> = { -readonly [K in F as K['wire']]: FieldValue<K> };

const roundTo = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

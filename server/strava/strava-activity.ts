import { z } from 'zod';
import { activityTypeFromStrava } from '../formats/activity-types';
import { withPlausibleMovingTime } from '../formats/finalize';
import { paceFromSpeed } from '../formats/metrics/stats';
import type { ParsedActivity, ParsedLap, Streams } from '../formats';
import { ACTIVITY_FIELDS, LAP_FIELDS, type FieldSpec, type FieldValues } from '../activity-fields';

// Strava's SummaryActivity, StreamSet and Lap (developers.strava.com/docs/reference) turned into
// our ParsedActivity, so a synced activity enters the same ingestion pipeline as a file. Pure, and
// run in a pool worker (server/services/strava/sync/strava-task.ts): relative imports, as server/formats.
// CONTRACT: Settled 2026-11-23: type from `sport_type` through the one type table, Strava's name,
// the streams Strava has (never an empty one), one lap per Strava lap.

const num = z.number().finite().nullish();

type StravaName<F extends FieldSpec> = F extends { strava: infer K extends string } ? K : never;

/** Strava's fields for `fields` (server/activity-fields.ts), each a finite number or absent. */
function stravaFigures<F extends FieldSpec>(fields: readonly F[]) {
  const names = fields.flatMap((field) => (field.strava ? [field.strava] : []));
  return Object.fromEntries(names.map((name) => [name, num])) as Record<StravaName<F>, typeof num>;
}

/** `fields` read from Strava's figures under our names, null where Strava has none. */
function fromStrava<F extends FieldSpec>(fields: readonly F[], figures: Partial<Record<string, unknown>>): FieldValues<F> {
  return Object.fromEntries(fields.map((field) => [field.name, field.strava ? (figures[field.strava] ?? null) : null])) as FieldValues<F>;
}

const startDate = z.iso.datetime({ offset: true });

/** The fields of a SummaryActivity we use (zod drops the rest: step results stay small). */
export const stravaSummary = z.object({
  start_date: startDate,
  ...stravaFigures(ACTIVITY_FIELDS),
  id: z.number().int().positive(),
  name: z.string().nullish(),
  sport_type: z.string().nullish(),
  type: z.string().nullish(),
  timezone: z.string().nullish(),
  elapsed_time: z.number().finite().nonnegative(),
  kilojoules: num,
  start_latlng: z.array(z.number()).nullish(),
  manual: z.boolean().nullish(),
});
export type StravaSummary = z.infer<typeof stravaSummary>;

/** Stream keys asked of Strava, and where each lands (latlng splits into lat and lon). */
export const STREAM_KEYS = ['time', 'latlng', 'distance', 'altitude', 'heartrate', 'cadence', 'watts', 'velocity_smooth', 'temp'] as const;
const SCALAR_STREAMS = {
  distance: 'distance',
  altitude: 'altitude',
  heartrate: 'heart_rate',
  cadence: 'cadence',
  watts: 'power',
  velocity_smooth: 'speed',
  temp: 'temperature',
} as const;

export const stravaStreamSet = z.record(z.string(), z.object({ data: z.array(z.unknown()) }));
export const stravaLaps = z.array(z.object({ start_date: startDate, ...stravaFigures(LAP_FIELDS) }));

/** Strava's answers for an activity cannot be turned into one (the message says why, to the user). */
export class UnreadableStravaActivity extends Error {}

const numberOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** "(GMT+01:00) Europe/Paris" → "Europe/Paris" when the runtime knows the zone. */
export function ianaZone(stravaTimezone: string | null | undefined): string | null {
  const zone = stravaTimezone?.split(' ').pop();
  if (!zone || !zone.includes('/')) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

function toStreams(set: z.infer<typeof stravaStreamSet>): Streams {
  const time = set.time?.data.map(numberOrNull);
  if (!time || time.length === 0 || time.some((t) => t === null)) return { time: [] };
  const streams: Streams = { time: time as number[] };
  const aligned = (data: unknown[] | undefined) => (data && data.length === time.length ? data : null);
  const keep = (values: (number | null)[]) => (values.some((v) => v !== null) ? values : undefined);
  const latlng = aligned(set.latlng?.data);
  if (latlng) {
    const pairs = latlng.map((p) => (Array.isArray(p) && p.length === 2 ? p : [null, null]));
    streams.lat = keep(pairs.map((p) => numberOrNull(p[0])));
    streams.lon = keep(pairs.map((p) => numberOrNull(p[1])));
  }
  for (const [key, ours] of Object.entries(SCALAR_STREAMS)) {
    const data = aligned(set[key]?.data);
    if (data) streams[ours] = keep(data.map(numberOrNull));
  }
  for (const key of Object.keys(streams) as (keyof Streams)[]) if (streams[key] === undefined) delete streams[key];
  return streams;
}

function toLap(lap: z.infer<typeof stravaLaps>[number]): ParsedLap {
  return { ...fromStrava(LAP_FIELDS, lap), startTime: new Date(lap.start_date) };
}

export function parsedFromStrava(summary: StravaSummary, streamSet: z.infer<typeof stravaStreamSet>, laps: z.infer<typeof stravaLaps>): ParsedActivity {
  const start = new Date(summary.start_date);
  const [startLat, startLon] = summary.start_latlng?.length === 2 ? summary.start_latlng : [null, null];
  // CONTRACT: Beyond the spec … Imported history: Strava's moving time is bounded like a file's
  return withPlausibleMovingTime({
    format: 'strava',
    name: summary.name ?? null,
    activityType: activityTypeFromStrava(summary.sport_type ?? summary.type),
    // Strava names the sport, as a file's sport field does
    activityTypeSource: summary.sport_type || summary.type ? 'file' : 'inferred',
    sportRaw: summary.sport_type ?? summary.type ?? null,
    startTime: start,
    ...fromStrava(ACTIVITY_FIELDS, summary),
    // what Strava gives in another form
    endTime: new Date(start.getTime() + summary.elapsed_time * 1000),
    timezone: ianaZone(summary.timezone),
    averagePace: paceFromSpeed(summary.average_speed ?? null),
    startLat: startLat ?? null,
    startLon: startLon ?? null,
    laps: laps.map(toLap),
    streams: toStreams(streamSet),
  });
}

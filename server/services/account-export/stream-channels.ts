import { sql, type SQL } from 'drizzle-orm';
import { activityStreams, type ActivityStreamsRow } from '@/db/schema';

// The optional stream channels: wire name → column property. An activity exported as a GPX of its
// streams lists in stride.json the channels it held: re-reading the GPX derives some it never had
// (distance, speed), which the importer then drops again.
export const STREAM_CHANNELS = {
  lat: 'lat',
  lon: 'lon',
  distance: 'distance',
  altitude: 'altitude',
  heart_rate: 'heartRate',
  cadence: 'cadence',
  power: 'power',
  speed: 'speed',
  temperature: 'temperature',
} as const satisfies Record<string, Exclude<keyof ActivityStreamsRow, 'activityId' | 'time'>>;

export type StreamChannel = keyof typeof STREAM_CHANNELS;
export const STREAM_CHANNEL_NAMES = Object.keys(STREAM_CHANNELS) as [StreamChannel, ...StreamChannel[]];

/** `lat,lon,…` of the channels present, computed in the database (no stream is read into memory). */
export function presentChannelsSql(): SQL<string | null> {
  const parts = STREAM_CHANNEL_NAMES.map((name) => sql`case when ${activityStreams[STREAM_CHANNELS[name]]} is not null then ${name} end`);
  return sql<string | null>`concat_ws(',', ${sql.join(parts, sql`, `)})`;
}

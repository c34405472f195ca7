import { inflateRawSync } from 'node:zlib';
import type { MessagePort } from 'node:worker_threads';
import { activityEfforts, NO_EFFORTS, type ActivityEfforts } from '../../formats/metrics/activity-efforts';

// What a pool worker runs for the efforts backfill: stored streams (their column text: base64 of raw
// deflate, or plain JSON in older rows) decoded and measured off the job's thread, by the same
// activityEfforts the ingesting worker runs on the same rounded values.

/** The stored text of the streams activityEfforts reads, and the activity's type. */
export interface StoredEffortStreams {
  activityId: number;
  activityType: string;
  time: string | null;
  distance: string | null;
  power: string | null;
  heartRate: string | null;
  altitude: string | null;
  speed: string | null;
  lat: string | null;
  lon: string | null;
}

export interface EffortsTask {
  activities: StoredEffortStreams[];
  started: MessagePort;
}

export function decodeStoredStream(text: string | null): (number | null)[] | null {
  if (text === null) return null;
  return JSON.parse(text.startsWith('[') ? text : inflateRawSync(Buffer.from(text, 'base64')).toString('utf8')) as (number | null)[];
}

export function effortsTask({ activities, started }: EffortsTask): { activityId: number; efforts: ActivityEfforts }[] {
  started.postMessage('started');
  started.close();
  return activities.map(({ activityId, activityType, ...stored }) => {
    try {
      const streams = Object.fromEntries(Object.entries(stored).map(([name, text]) => [name, decodeStoredStream(text)]));
      return { activityId, efforts: activityEfforts(activityType, streams) };
    } catch {
      // a stored stream that does not decode has no efforts; the activity is not retried for ever
      return { activityId, efforts: NO_EFFORTS };
    }
  });
}

import { inflateRawSync } from 'node:zlib';
import type { MessagePort } from 'node:worker_threads';
import { activityEfforts, NO_EFFORTS, type ActivityEfforts } from '../../formats/metrics/activity-efforts';

// What a pool worker runs for the efforts backfill: stored streams (their column text: base64 of raw
// deflate, or plain JSON in older rows) decoded and measured off the job's thread, by the same
// activityEfforts the ingesting worker runs on the same rounded values.

export interface StoredEffortStreams {
  activityId: number;
  time: string | null;
  distance: string | null;
  power: string | null;
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
  return activities.map(({ activityId, time, distance, power }) => {
    try {
      return {
        activityId,
        efforts: activityEfforts({ time: decodeStoredStream(time), distance: decodeStoredStream(distance), power: decodeStoredStream(power) }),
      };
    } catch {
      // a stored stream that does not decode has no efforts; the activity is not retried for ever
      return { activityId, efforts: NO_EFFORTS };
    }
  });
}

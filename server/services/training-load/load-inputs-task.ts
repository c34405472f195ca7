import type { MessagePort } from 'node:worker_threads';
import { loadInputs, NO_LOAD_INPUTS, type LoadInputs } from '../../formats/metrics/training-load';
import { decodeStoredStream } from '../efforts/efforts-task';

// What a pool worker runs for activities stored before their load inputs were measured at ingest:
// stored streams decoded and measured off the job's thread by the same loadInputs as prepareActivity.

export interface StoredLoadStreams {
  activityId: number;
  time: string | null;
  heartRate: string | null;
  power: string | null;
}

export function loadInputsTask({
  activities,
  started,
}: {
  activities: StoredLoadStreams[];
  started: MessagePort;
}): { activityId: number; inputs: LoadInputs }[] {
  started.postMessage('started');
  started.close();
  return activities.map(({ activityId, time, heartRate, power }) => {
    try {
      return { activityId, inputs: loadInputs({ time: decodeStoredStream(time), heartRate: decodeStoredStream(heartRate), power: decodeStoredStream(power) }) };
    } catch {
      // a stored stream that does not decode gives no load; the activity is not retried for ever
      return { activityId, inputs: NO_LOAD_INPUTS };
    }
  });
}

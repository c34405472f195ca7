import { setTimeout as sleep } from 'node:timers/promises';
import type { ActivityEfforts } from '../../formats/metrics/activity-efforts';
import type { StoredEffortStreams } from './efforts-task';
import { runInWorker, WorkerPoolBusy } from '../../workers/pool';

const BUSY_WAITS_MS = [250, 500, 1000, 2000, 4000, 8000, 8000, 8000];

/**
 * effortsTask in a pool worker: stored streams in, each activity's efforts out, never on the
 * event loop. A background job has no caller to send a 503, so a full queue is waited out.
 */
export function computeStoredEffortsOffThread(activities: StoredEffortStreams[]): Promise<{ activityId: number; efforts: ActivityEfforts }[]> {
  return runJobTaskInWorker('computeStoredEfforts', { activities });
}

/** A pool task for a background job: a full queue is waited out (a job has no caller to answer 503). */
export async function runJobTaskInWorker<T>(name: string, task: Record<string, unknown>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await runInWorker<T>(name, task);
    } catch (error) {
      if (!(error instanceof WorkerPoolBusy) || attempt >= BUSY_WAITS_MS.length) throw error;
      await sleep(BUSY_WAITS_MS[attempt]);
    }
  }
}

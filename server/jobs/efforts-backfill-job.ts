import { listStaleEffortActivities, recomputeActivityEfforts } from '@/server/services/efforts/recompute-activity-efforts';
import type { JobBody } from './job-body';
import { EMPTY_PROGRESS } from '@/server/job-queue/enqueue-job';
import { saveJobProgress } from '@/server/job-queue/save-job-progress';

export interface EffortsBackfillPayload {
  userId: number;
}

/** Activities per step: a worker task and one transaction each, ~100 steps for 10,000 activities. */
const BATCH = 100;

/**
 * CONTRACT: Beyond the spec … Best efforts and records: recomputes every activity of the user whose
 * efforts are missing or of an older algorithm, in batches measured by a pool worker; progress
 * counts activities, as an import's does. A replayed batch writes the same rows again.
 */
export const effortsBackfillJob: JobBody<EffortsBackfillPayload, { recomputed: number }> = async ({ jobId, payload, step, db }) => {
  const ids = await step.run('list', () => listStaleEffortActivities(db, payload.userId));
  let done = 0;
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    done += await step.run(`batch ${start}`, async () => {
      const written = await recomputeActivityEfforts(db, payload.userId, batch);
      const progress = { ...EMPTY_PROGRESS, total: ids.length, done: start + batch.length, created: 0, skipped: batch.length - written };
      await saveJobProgress(db, jobId, { progress });
      return batch.length;
    });
  }
  if (!ids.length) await step.run('empty', () => saveJobProgress(db, jobId, { progress: { ...EMPTY_PROGRESS } }));
  return { recomputed: done };
};

import { measureMissingLoadInputs, publishRecomputedLoads, recomputeActivityLoads } from '@/server/services/training-load/recompute-activity-loads';
import { EMPTY_PROGRESS } from '@/server/job-queue/enqueue-job';
import type { JobBody } from './job-body';
import { saveJobProgress } from '@/server/job-queue/save-job-progress';

export interface LoadRecomputePayload {
  userId: number;
}

/** activities decoded per step (streams in a pool worker) */
const MEASURE_BATCH = 200;
/**
 * activities recomputed per step from their stored inputs: one select and one update. On the
 * embedded engine a reader that comes during a step waits for it (steps give way only between
 * them, yield-to-requests.ts); 50 keeps a step short enough that readers do not notice a
 * recompute, where 100 did (bench/fitness; figures in bench/README.md).
 */
const LOAD_BATCH = 50;

/**
 * CONTRACT: Beyond the spec … Training load: after a threshold change, every activity's load under
 * the entry now in effect on its day (each day's sum follows in activity_days, kept by the
 * database). Each step computes from stored inputs and writes over what was there, so a replayed
 * step or a second job changes nothing. The steps leave the version of the user's activities
 * alone and the last raises it once: reads kept per version move from the old loads to the new
 * in one change, not after every step.
 */
export const loadRecomputeJob: JobBody<LoadRecomputePayload, { activities: number }> = async ({ jobId, payload, step, db }) => {
  const { userId } = payload;
  for (let batch = 0; ; batch++) {
    const measured = await step.run(`measure ${batch}`, () => measureMissingLoadInputs(db, userId, MEASURE_BATCH));
    if (measured < MEASURE_BATCH) break;
  }
  let done = 0;
  for (let afterId = 0, batch = 0; ; batch++) {
    const { lastId, count } = await step.run(`loads ${batch}`, async () => {
      const result = await recomputeActivityLoads(db, userId, afterId, LOAD_BATCH);
      await saveJobProgress(db, jobId, { progress: { ...EMPTY_PROGRESS, done: done + result.count } });
      return result;
    });
    done += count;
    if (lastId === null || count < LOAD_BATCH) break;
    afterId = lastId;
  }
  await step.run('publish', () => publishRecomputedLoads(db, userId));
  return { activities: done };
};

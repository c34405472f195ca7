import { listStaleFigureActivities, recomputeActivityFigures } from '@/server/services/figures/recompute-activity-figures';
import { EMPTY_PROGRESS } from '@/server/job-queue/enqueue-job';
import type { JobBody } from './job-body';
import { saveJobProgress } from '@/server/job-queue/save-job-progress';

export interface FiguresBackfillPayload {
  userId: number;
}

/**
 * Activities per step: each file is parsed again in a pool worker (bench/README.md has the cost of
 * an hour's track), so a step stays a few seconds and a crash replays little.
 */
const BATCH = 25;

/**
 * CONTRACT: Real history and hand-made activities: every activity of the user whose figures an older
 * algorithm made is read again from its kept original, in batches; progress counts activities, as
 * an import's does (skipped: gone, current already, or an original no longer readable). A replayed
 * batch finds the activities it wrote current and leaves them.
 */
export const figuresBackfillJob: JobBody<FiguresBackfillPayload, { rewritten: number }> = async ({ jobId, payload, step, db }) => {
  const ids = await step.run('list', () => listStaleFigureActivities(db, payload.userId));
  let rewritten = 0;
  let skipped = 0;
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    const done = await step.run(`batch ${start}`, async () => {
      const result = await recomputeActivityFigures(db, payload.userId, batch);
      const progress = {
        ...EMPTY_PROGRESS,
        total: ids.length,
        done: start + batch.length,
        created: rewritten + result.rewritten,
        skipped: skipped + result.skipped,
      };
      await saveJobProgress(db, jobId, { progress });
      return result;
    });
    rewritten += done.rewritten;
    skipped += done.skipped;
  }
  if (!ids.length) await step.run('empty', () => saveJobProgress(db, jobId, { progress: { ...EMPTY_PROGRESS } }));
  return { rewritten };
};

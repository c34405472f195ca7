import { backfillActivityTiles } from '@/server/services/explorer/backfill-activity-tiles';
import { EMPTY_PROGRESS } from '@/server/job-queue/enqueue-job';
import type { JobBody } from './job-body';
import { saveJobProgress } from '@/server/job-queue/save-job-progress';

export interface ExplorerBackfillPayload {
  userId: number;
}

/** activities per step, as the route backfill */
const BATCH = 200;

/**
 * CONTRACT: Explorer, goals, gear components, segments: the tiles of activities stored before the
 * explorer existed (or under an older version), a batch per step until none is left.
 */
export const explorerBackfillJob: JobBody<ExplorerBackfillPayload, { activities: number }> = async ({ jobId, payload, step, db }) => {
  let done = 0;
  for (let batch = 0; ; batch++) {
    const stored = await step.run(`batch ${batch}`, async () => {
      const count = await backfillActivityTiles(db, payload.userId, BATCH);
      await saveJobProgress(db, jobId, { progress: { ...EMPTY_PROGRESS, done: done + count, created: done + count } });
      return count;
    });
    done += stored;
    if (stored < BATCH) return { activities: done };
  }
};

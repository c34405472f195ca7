import { backfillActivityRoutes } from '@/server/services/routes/backfill-activity-routes';
import { EMPTY_PROGRESS } from '@/server/job-queue/enqueue-job';
import type { JobBody } from './job-body';
import { saveJobProgress } from '@/server/job-queue/save-job-progress';

export interface RouteBackfillPayload {
  userId: number;
}

/** activities per step: a step's work stays a few seconds, and 1,000 steps cover 200k activities */
const BATCH = 200;

/**
 * CONTRACT: Beyond the spec … Maps, privacy zones, sharing: routes of activities stored before
 * routes existed (or under an older algorithm version), a batch per step until none is left.
 * Each batch picks what still lacks a current route, so a replayed step stores nothing twice.
 */
export const routeBackfillJob: JobBody<RouteBackfillPayload, { routes: number }> = async ({ jobId, payload, step, db }) => {
  let routes = 0;
  for (let batch = 0; ; batch++) {
    const stored = await step.run(`batch ${batch}`, async () => {
      const count = await backfillActivityRoutes(db, payload.userId, BATCH);
      await saveJobProgress(db, jobId, { progress: { ...EMPTY_PROGRESS, done: routes + count, created: routes + count } });
      return count;
    });
    routes += stored;
    if (stored < BATCH) return { routes };
  }
};

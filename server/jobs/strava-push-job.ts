import type { JobProgress } from '@/db/schema';
import { unlinkStrava } from '@/server/services/strava/unlink-strava';
import { applyStravaUpdate } from '@/server/services/strava/push/apply-strava-update';
import { deletePushedActivity } from '@/server/services/strava/push/delete-pushed-activity';
import type { StravaPushEvent } from '@/server/services/strava/push/schemas';
import { storePushedActivity } from '@/server/services/strava/push/store-pushed-activity';
import { withStravaFailures } from '@/server/services/strava/sync/strava-sync-failure';
import type { JobBody } from './job-body';
import { saveJobProgress } from './save-job-progress';

// The strava_push job (CONTRACT: Beyond the spec … Integrations): one Strava event. A `create`
// reuses the sync's fetch-and-store and its quota handling: while the provider flag is set the job
// records progress.waiting_for_quota_until and sleeps, then tries again; a 401 fails it 424 and
// marks the link for reconnecting, as the sync does.

export interface StravaPushPayload {
  userId: number;
  event: StravaPushEvent;
}

const progress = (created: number, skipped: number, failed: number, waiting: string | null = null): JobProgress => ({
  total: 1,
  done: waiting ? 0 : 1,
  created,
  skipped,
  failed,
  waiting_for_quota_until: waiting,
});

export const stravaPushJob: JobBody<StravaPushPayload> = async ({ jobId, payload, step, db }) => {
  const { userId, event } = payload;
  if (event.object_type === 'athlete') {
    if (event.aspect_type !== 'update' || String(event.updates?.authorized) !== 'false') return { ignored: true };
    await step.run('unlink', () => unlinkStrava(db, userId));
    return { unlinked: true };
  }
  if (event.aspect_type === 'update') return step.run('update', () => applyStravaUpdate(db, userId, event.object_id, event.updates ?? {}));
  if (event.aspect_type === 'delete') return step.run('delete', () => deletePushedActivity(db, userId, event.object_id));
  for (let attempt = 1; ; attempt++) {
    const outcome = await step.run(`store ${attempt}`, async () => {
      const stored = await withStravaFailures(db, userId, () => storePushedActivity(db, userId, event.object_id));
      const { createdIds, skipped, errors, waitUntil } = stored;
      await saveJobProgress(db, jobId, { progress: progress(createdIds.length, skipped, errors.length, waitUntil), activityIds: createdIds, errors });
      return stored;
    });
    if (!outcome.waitUntil) return { created: outcome.createdIds.length, skipped: outcome.skipped, failed: outcome.errors.length };
    await step.sleepUntil(`quota wait ${attempt}`, outcome.waitUntil);
  }
};

import type { JobProgress } from '@/db/schema';
import { orQuotaWait } from '@/server/services/strava/push/ask-strava';
import { applyStravaUpdate } from '@/server/services/strava/push/apply-strava-update';
import { deletePushedActivity } from '@/server/services/strava/push/delete-pushed-activity';
import type { StravaPushEvent } from '@/server/services/strava/push/schemas';
import { storePushedActivity } from '@/server/services/strava/push/store-pushed-activity';
import { unlinkDeauthorized } from '@/server/services/strava/push/unlink-deauthorized';
import { withStravaFailures } from '@/server/services/strava/sync/strava-sync-failure';
import type { JobBody } from './job-body';
import { saveJobProgress } from '@/server/job-queue/save-job-progress';

// The strava_push job (CONTRACT: Beyond the spec … Integrations): one Strava event, a hint that is
// checked with Strava (server/services/strava/push: create, update and delete fetch the activity
// with the owner's token; a deauthorization is believed only when the token is refused). A `create`
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
  const athleteId = event.owner_id;
  /** Runs one action as steps: while Strava's quota (or push's share of it) is spent, records the wait and sleeps. */
  async function untilQuotaAllows<T extends object>(name: string, work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const outcome = await step.run(`${name} ${attempt}`, async () => {
        const done = await orQuotaWait(() => withStravaFailures(db, userId, work));
        if (done.waitUntil) await saveJobProgress(db, jobId, { progress: progress(0, 0, 0, done.waitUntil) });
        return done;
      });
      if (!outcome.waitUntil) return outcome as T;
      await step.sleepUntil(`quota wait ${attempt}`, outcome.waitUntil);
    }
  }
  if (event.object_type === 'athlete') {
    if (event.aspect_type !== 'update' || String(event.updates?.authorized) !== 'false') return { ignored: true };
    const { unlinked } = await untilQuotaAllows('unlink', () => unlinkDeauthorized(db, userId));
    return { unlinked };
  }
  if (event.aspect_type === 'update') {
    const { updated } = await untilQuotaAllows('update', () => applyStravaUpdate(db, userId, athleteId, event.object_id));
    return { updated };
  }
  if (event.aspect_type === 'delete') {
    const { deleted } = await untilQuotaAllows('delete', () => deletePushedActivity(db, userId, athleteId, event.object_id));
    return { deleted };
  }
  for (let attempt = 1; ; attempt++) {
    const outcome = await step.run(`store ${attempt}`, async () => {
      const stored = await withStravaFailures(db, userId, () => storePushedActivity(db, userId, athleteId, event.object_id));
      const { createdIds, skipped, errors, waitUntil } = stored;
      await saveJobProgress(db, jobId, { progress: progress(createdIds.length, skipped, errors.length, waitUntil), activityIds: createdIds, errors });
      return stored;
    });
    if (!outcome.waitUntil) return { created: outcome.createdIds.length, skipped: outcome.skipped, failed: outcome.errors.length };
    await step.sleepUntil(`quota wait ${attempt}`, outcome.waitUntil);
  }
};

import { eq } from 'drizzle-orm';
import { users, type JobItemError, type JobProgress } from '@/db/schema';
import { AppError } from '@/server/errors';
import type { StravaSummary } from '@/server/strava/strava-activity';
import { hasStravaLink } from '@/server/services/strava/has-strava-link';
import { listStravaPage } from '@/server/services/strava/sync/list-strava-page';
import { storeStravaActivities, type StoredBatch } from '@/server/services/strava/sync/store-strava-activities';
import { withStravaFailures } from '@/server/services/strava/sync/strava-sync-failure';
import type { StravaSyncRange } from '@/server/services/strava/sync/strava-sync-range';
import type { JobBody } from './job-body';
import { saveJobProgress } from '@/server/job-queue/save-job-progress';

// The provider_sync job (CONTRACT: Strava; CONTRACT: Ingestion jobs): list the range a page of 200 at a
// time, then fetch and store the new activities in batches. Every Strava call happens inside a
// step; when the quota is spent a step returns the time it clears, the job records
// progress.waiting_for_quota_until and sleeps (no process held), then goes on where it stopped.
// Replays after a crash skip finished steps, and a re-run step finds its activities stored.

export interface ProviderSyncPayload extends StravaSyncRange {
  userId: number;
}

const BATCH = 25;

interface Tally {
  total: number;
  done: number;
  skipped: number;
  createdIds: number[];
  errors: JobItemError[];
}

const progressOf = (t: Tally, waitingUntil: string | null = null): JobProgress => ({
  total: t.total,
  done: t.done,
  created: t.createdIds.length,
  skipped: t.skipped,
  failed: t.errors.length,
  waiting_for_quota_until: waitingUntil,
});

const withBatch = (t: Tally, o: StoredBatch): Tally => ({
  total: t.total,
  done: t.done + o.done,
  skipped: t.skipped + o.skipped,
  createdIds: [...t.createdIds, ...o.createdIds],
  errors: [...t.errors, ...o.errors],
});

export const providerSyncJob: JobBody<ProviderSyncPayload> = async ({ jobId, payload, step, db }) => {
  const { userId } = payload;
  const linked = await step.run('check link', async () => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('not_found', { detail: 'The user of this sync no longer exists.' });
    return hasStravaLink(db, userId);
  });
  // spec: "If the provider is not linked, nothing is fetched"; the job says why nothing came: it
  // fails with the code CONTRACT: Errors declares for it (a background 404, spec: Errors).
  if (!linked) {
    throw new AppError('not_found', {
      code: 'provider_not_linked',
      detail: 'No Strava account is linked, so nothing was fetched. Connect Strava in Settings, then sync again.',
    });
  }

  let tally: Tally = { total: 0, done: 0, skipped: 0, createdIds: [], errors: [] };
  const save = (t: Tally, waitingUntil: string | null = null) =>
    saveJobProgress(db, jobId, { progress: progressOf(t, waitingUntil), activityIds: t.createdIds, errors: t.errors });
  let waits = 0;
  const waitForQuota = async (until: string) => {
    waits++;
    await step.run(`record quota wait ${waits}`, () => save(tally, until));
    await step.sleepUntil(`quota wait ${waits}`, until);
  };

  const pending: StravaSummary[] = [];
  for (let page = 1; ;) {
    const listed = await step.run(`list page ${page}`, () => withStravaFailures(db, userId, () => listStravaPage(db, userId, payload, page)));
    if (listed.waitUntil) {
      await waitForQuota(listed.waitUntil);
      continue;
    }
    pending.push(...listed.fresh);
    tally.total += listed.count + listed.unreadable;
    tally.skipped += listed.skipped;
    tally.done += listed.skipped + listed.unreadable;
    if (listed.unreadable)
      tally.errors.push({ item: `page ${page}`, code: 'invalid_activity', detail: `${listed.unreadable} activities Strava listed could not be read.` });
    if (listed.last) break;
    page++;
  }
  await step.run('record listing', () => save(tally));

  for (let next = 0; next < pending.length;) {
    const batch = pending.slice(next, next + BATCH);
    const stored = await step.run(`store from ${next}`, async () => {
      const outcome = await withStravaFailures(db, userId, () => storeStravaActivities(db, userId, batch));
      await save(withBatch(tally, outcome));
      return outcome;
    });
    tally = withBatch(tally, stored);
    next += stored.done;
    if (stored.waitUntil) await waitForQuota(stored.waitUntil);
  }
  await step.run('record outcome', () => save(tally));
  return { linked: true, created: tally.createdIds.length, skipped: tally.skipped, failed: tally.errors.length };
};

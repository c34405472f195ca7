import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs, stravaLinks } from '@/db/schema';
import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { enqueueJob } from '@/server/job-queue/enqueue-job';
import { log } from '@/server/log/logger';
import { currentBackend } from '@/server/rate-limit/current-backend';
import type { LimitRule } from '@/server/rate-limit/policies';
import { storedStravaKeys } from '../sync/stored-strava-keys';
import { stravaDedupKey } from '../sync/strava-sync-range';
import type { StravaEventReceipt, StravaPushEvent } from './schemas';

// CONTRACT: Beyond the spec … Integrations: Strava push. Events are counted per athlete and in
// all over 15 minutes: past either count an event is dropped (a sync fetches what a dropped
// `create` missed). Duplicates are dropped before they are counted.

/** Events one athlete may have queued in 15 minutes. */
export const PUSH_EVENTS_PER_ATHLETE = 20;
/** Events all athletes together may have queued in 15 minutes. */
export const PUSH_EVENTS_IN_ALL = 150;
const WINDOW_SECONDS = 15 * 60;
const perAthlete: LimitRule = { name: 'strava-push:athlete', limit: PUSH_EVENTS_PER_ATHLETE, windowSeconds: WINDOW_SECONDS };
const inAll: LimitRule = { name: 'strava-push:all', limit: PUSH_EVENTS_IN_ALL, windowSeconds: WINDOW_SECONDS };

/** CONTRACT: with STRAVA_WEBHOOK_VERIFY_TOKEN unset, push is off: its GET and POST answer 404. */
export const stravaPushEnabled = (): boolean => Boolean(env().STRAVA_WEBHOOK_VERIFY_TOKEN);
export const pushOff = () => new AppError('not_found', { detail: 'There is no such endpoint.' });

const RECEIPT: StravaEventReceipt = { received: true };

/**
 * CONTRACT: Beyond the spec … Integrations: Strava's event POST is answered at once, with the
 * same answer for every event, and the work queued as a strava_push job. Events for an athlete
 * linked to no account, or carrying another subscription id than STRAVA_WEBHOOK_SUBSCRIPTION_ID
 * (when set), duplicates of an event still waiting, a `create` of an activity already stored, and
 * events past the counts are ignored.
 */
export async function receiveStravaEvent(db: Db, event: StravaPushEvent): Promise<StravaEventReceipt> {
  if (!stravaPushEnabled()) throw pushOff();
  const expectedSubscription = env().STRAVA_WEBHOOK_SUBSCRIPTION_ID;
  if (expectedSubscription !== undefined && event.subscription_id !== expectedSubscription) {
    log().warn({ subscription_id: event.subscription_id }, 'Strava event for another subscription ignored');
    return RECEIPT;
  }
  const [link] = await db.select({ userId: stravaLinks.userId }).from(stravaLinks).where(eq(stravaLinks.athleteId, event.owner_id));
  if (!link) return RECEIPT;
  if (await isDuplicate(db, link.userId, event)) return RECEIPT;
  const backend = currentBackend();
  try {
    if (!(await backend.hit(perAthlete, String(event.owner_id))).allowed || !(await backend.hit(inAll, 'all')).allowed) {
      log().warn({ owner_id: event.owner_id, object_id: event.object_id }, 'Strava event dropped: too many events');
      return RECEIPT;
    }
  } catch (error) {
    log().warn({ err: error }, 'Strava event counts unavailable: event dropped');
    return RECEIPT;
  }
  await enqueueJob(db, { kind: 'strava_push', userId: link.userId, payload: { userId: link.userId, event } });
  return RECEIPT;
}

/** The same event still waits in a queued or running job, or a `create` names an activity already stored. */
async function isDuplicate(db: Db, userId: number, event: StravaPushEvent): Promise<boolean> {
  if (event.object_type === 'activity' && event.aspect_type === 'create') {
    if ((await storedStravaKeys(db, userId, [stravaDedupKey(event.object_id)])).size > 0) return true;
  }
  const [waiting] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.userId, userId),
        eq(jobs.kind, 'strava_push'),
        inArray(jobs.status, ['queued', 'running']),
        sql`${jobs.payload}->'event'->>'object_type' = ${event.object_type}`,
        sql`${jobs.payload}->'event'->>'aspect_type' = ${event.aspect_type}`,
        sql`${jobs.payload}->'event'->>'object_id' = ${String(event.object_id)}`,
        // an update carries what changed: only the same changes are the same event
        sql`coalesce(${jobs.payload}->'event'->'updates', '{}'::jsonb) = ${JSON.stringify(event.updates ?? {})}::jsonb`,
      ),
    )
    .limit(1);
  return waiting !== undefined;
}

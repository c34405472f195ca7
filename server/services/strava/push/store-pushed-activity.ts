import type { Db } from '@/db/client';
import type { JobItemError } from '@/db/schema';
import { stravaSummary } from '@/server/strava/strava-activity';
import { stravaGet, StravaRateLimited } from '@/server/strava/strava-api-client';
import { freshStravaAccessToken } from '../fresh-strava-access-token';
import { storeStravaActivities } from '../sync/store-strava-activities';
import { storedStravaKeys } from '../sync/stored-strava-keys';
import { stravaDedupKey } from '../sync/strava-sync-range';

export interface PushedActivityOutcome {
  createdIds: number[];
  skipped: number;
  errors: JobItemError[];
  /** the quota is spent: try again after this time */
  waitUntil: string | null;
}

/**
 * A pushed `create`: GET /activities/{id}, then the sync's own fetch-and-store of one activity
 * (streams and laps, the worker pool, the ingestion pipeline, its dedup), so a new activity costs
 * three requests, and none when it is already stored (a sync got there first, or Strava resent).
 */
export async function storePushedActivity(db: Db, userId: number, stravaId: number): Promise<PushedActivityOutcome> {
  const none: PushedActivityOutcome = { createdIds: [], skipped: 0, errors: [], waitUntil: null };
  const item = stravaDedupKey(stravaId);
  if ((await storedStravaKeys(db, userId, [item])).size > 0) return { ...none, skipped: 1 };
  const token = await freshStravaAccessToken(db, userId);
  if (!token) return { ...none, skipped: 1 };
  let raw: unknown;
  try {
    raw = await stravaGet<unknown>(token, `/activities/${stravaId}`);
  } catch (error) {
    if (error instanceof StravaRateLimited) return { ...none, waitUntil: error.until.toISOString() };
    throw error;
  }
  const summary = stravaSummary.safeParse(raw);
  if (!summary.success) return { ...none, errors: [{ item, code: 'invalid_activity', detail: 'Strava sent an activity that could not be read.' }] };
  const stored = await storeStravaActivities(db, userId, [summary.data]);
  return { createdIds: stored.createdIds, skipped: stored.skipped, errors: stored.errors, waitUntil: stored.waitUntil };
}

import type { Db } from '@/db/client';
import type { JobItemError } from '@/db/schema';
import { stravaSummary } from '@/server/strava/strava-activity';
import { StravaRateLimited } from '@/server/strava/strava-api-client';
import { freshStravaAccessToken } from '../fresh-strava-access-token';
import { storeStravaActivities } from '../sync/store-strava-activities';
import { storedStravaKeys } from '../sync/stored-strava-keys';
import { stravaDedupKey } from '../sync/strava-sync-range';
import { ownersStravaActivity } from './ask-strava';

export interface PushedActivityOutcome {
  createdIds: number[];
  skipped: number;
  errors: JobItemError[];
  /** the quota is spent: try again after this time */
  waitUntil: string | null;
}

/**
 * A pushed `create`: GET /activities/{id} with the owner's token (CONTRACT: an event is a hint:
 * what is stored is what Strava answers; nothing when Strava answers 404 or the activity is
 * another athlete's), then the sync's own fetch-and-store of one activity
 * (streams and laps, the worker pool, the ingestion pipeline, its dedup), so a new activity costs
 * three requests, and none when it is already stored (a sync got there first, or Strava resent).
 */
export async function storePushedActivity(db: Db, userId: number, athleteId: number, stravaId: number): Promise<PushedActivityOutcome> {
  const none: PushedActivityOutcome = { createdIds: [], skipped: 0, errors: [], waitUntil: null };
  const item = stravaDedupKey(stravaId);
  if ((await storedStravaKeys(db, userId, [item])).size > 0) return { ...none, skipped: 1 };
  const token = await freshStravaAccessToken(db, userId);
  if (!token) return { ...none, skipped: 1 };
  let raw: unknown;
  try {
    raw = await ownersStravaActivity(token, athleteId, stravaId);
  } catch (error) {
    if (error instanceof StravaRateLimited) return { ...none, waitUntil: error.until.toISOString() };
    throw error;
  }
  if (raw === null) return { ...none, skipped: 1 };
  const summary = stravaSummary.safeParse(raw);
  if (!summary.success) return { ...none, errors: [{ item, code: 'invalid_activity', detail: 'Strava sent an activity that could not be read.' }] };
  const stored = await storeStravaActivities(db, userId, [summary.data]);
  return { createdIds: stored.createdIds, skipped: stored.skipped, errors: stored.errors, waitUntil: stored.waitUntil };
}

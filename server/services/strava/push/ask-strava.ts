import { stravaGet, StravaFetchFailed, StravaRateLimited } from '@/server/strava/strava-api-client';
import { stravaPushReservedUntil } from '@/server/strava/strava-quota';

// CONTRACT: Beyond the spec … Integrations: Strava push (revised 2026-11-29): an event is a hint,
// never the truth. What a push job does is decided by Strava's answer to the owner's token, asked
// here; push asks only while its share of Strava's quota is left (strava-quota.ts), so syncs
// keep the rest.

/** GET `path` for a push event; StravaRateLimited while push's share of the quota is spent. */
export async function pushGet<T>(token: string, path: string): Promise<T> {
  const reserved = await stravaPushReservedUntil();
  if (reserved) throw new StravaRateLimited(reserved);
  return stravaGet<T>(token, path);
}

/** An activity as Strava answers GET /activities/{id} (the fields push uses; the rest passes through). */
export interface OwnedStravaActivity {
  id?: number;
  name?: string | null;
  sport_type?: string | null;
  type?: string | null;
  private?: boolean | null;
  athlete?: { id?: number } | null;
  [key: string]: unknown;
}

/**
 * The activity as Strava answers it to its owner's token, or null when Strava says it is not
 * there (404) or it belongs to another athlete.
 */
export async function ownersStravaActivity(token: string, athleteId: number, stravaId: number): Promise<OwnedStravaActivity | null> {
  let activity: OwnedStravaActivity;
  try {
    activity = await pushGet<OwnedStravaActivity>(token, `/activities/${stravaId}`);
  } catch (error) {
    if (error instanceof StravaFetchFailed && error.status === 404) return null;
    throw error;
  }
  if (activity.athlete?.id !== undefined && activity.athlete.id !== athleteId) return null;
  return activity;
}

/** Runs `work`; a spent quota (or push share) comes back as the time to try again. */
export async function orQuotaWait<T extends object>(work: () => Promise<T>): Promise<(T & { waitUntil: null }) | { waitUntil: string }> {
  try {
    return { ...(await work()), waitUntil: null };
  } catch (error) {
    if (error instanceof StravaRateLimited) return { waitUntil: error.until.toISOString() };
    throw error;
  }
}

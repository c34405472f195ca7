import type { Db } from '@/db/client';
import { stravaGet, StravaRateLimited } from '@/server/strava/strava-api-client';
import { stravaSummary, type StravaSummary } from '@/server/strava/strava-activity';
import { freshStravaAccessToken } from '../fresh-strava-access-token';
import { storedStravaKeys } from './stored-strava-keys';
import { rangeBounds, stravaDedupKey, stravaListWindow, type StravaSyncRange } from './strava-sync-range';

// One page of GET /athlete/activities (200, Strava's maximum, so a year of training is a request
// or two). Activities already stored are counted as skipped here and never fetched again.

export const STRAVA_PAGE_SIZE = 200;

export interface ListedPage {
  /** activities of the page inside the range */
  count: number;
  /** the ones to fetch and store (slim summaries) */
  fresh: StravaSummary[];
  skipped: number;
  /** summaries Strava sent that we cannot read */
  unreadable: number;
  last: boolean;
  /** the quota is spent: list this page again after this time */
  waitUntil: string | null;
}

export async function listStravaPage(db: Db, userId: number, range: StravaSyncRange, page: number): Promise<ListedPage> {
  const token = await freshStravaAccessToken(db, userId);
  const empty = { count: 0, fresh: [], skipped: 0, unreadable: 0, last: true, waitUntil: null };
  if (!token) return empty;
  let raw: unknown;
  try {
    raw = await stravaGet<unknown>(token, '/athlete/activities', { ...stravaListWindow(range), page, per_page: STRAVA_PAGE_SIZE });
  } catch (error) {
    if (error instanceof StravaRateLimited) return { ...empty, last: false, waitUntil: error.until.toISOString() };
    throw error;
  }
  const items = Array.isArray(raw) ? raw : [];
  const { from, to } = rangeBounds(range);
  const summaries = items.map((item) => stravaSummary.safeParse(item));
  const readable = summaries.flatMap((s) => (s.success ? [s.data] : []));
  const inRange = readable.filter((s) => {
    const start = Date.parse(s.start_date);
    return start >= from.getTime() && start < to.getTime();
  });
  const stored = await storedStravaKeys(
    db,
    userId,
    inRange.map((s) => stravaDedupKey(s.id)),
  );
  const fresh = inRange.filter((s) => !stored.has(stravaDedupKey(s.id)));
  return {
    count: inRange.length,
    fresh,
    skipped: inRange.length - fresh.length,
    unreadable: summaries.length - readable.length,
    last: items.length < STRAVA_PAGE_SIZE,
    waitUntil: null,
  };
}

import type { Db } from '@/db/client';
import type { JobItemError } from '@/db/schema';
import { AppError } from '@/server/errors';
import type { ParsedActivity } from '@/server/formats';
import { log } from '@/server/log/logger';
import { parsedFromStrava, STREAM_KEYS, UnreadableStravaActivity, type StravaSummary } from '@/server/strava/strava-activity';
import { stravaGetBytes, StravaFetchFailed, type Query, StravaRateLimited, StravaUnauthorized } from '@/server/strava/strava-api-client';
import type { PreparedActivity } from '@/server/services/ingestion/prepare-activity';
import { prepareStravaActivityOffThread } from '@/server/services/strava/sync/strava-off-thread';
import { ingestActivities } from '../../ingestion/ingest-activities';
import { isUniqueViolation } from '../../users/unique-violation';
import { freshStravaAccessToken } from '../fresh-strava-access-token';
import { storedStravaKeys } from './stored-strava-keys';
import { stravaDedupKey } from './strava-sync-range';

// Fetches and stores a batch of new activities: two requests each (streams keyed by type, laps;
// none for a manual activity, which has neither), read and prepared for storing in the worker pool
// (issue 15: a long ride's streams never hold this thread), then one transaction each through the
// shared ingestion pipeline, which publishes activity.created. One bad activity is an item error
// and the rest go on. The batch stops where the quota runs out and says until when.

export interface StoredBatch {
  /** activities of the batch dealt with (created, skipped or failed), from its start */
  done: number;
  createdIds: number[];
  skipped: number;
  errors: JobItemError[];
  waitUntil: string | null;
}

/** Strava's activity ready to store; a manual one has no streams, so nothing worth a worker. */
async function fetchActivity(token: string, summary: StravaSummary): Promise<ParsedActivity | PreparedActivity> {
  if (summary.manual) return parsedFromStrava(summary, {}, []);
  const body = async (path: string, query?: Query) => ({ path, bytes: await stravaGetBytes(token, path, query) });
  const streams = await body(`/activities/${summary.id}/streams`, { keys: STREAM_KEYS.join(','), key_by_type: true });
  const laps = await body(`/activities/${summary.id}/laps`);
  return prepareStravaActivityOffThread(summary, streams, laps);
}

async function fetchAndStore(db: Db, token: string, userId: number, summary: StravaSummary): Promise<number | 'skipped'> {
  const activity = await fetchActivity(token, summary);
  try {
    const [inserted] = await ingestActivities(
      db,
      userId,
      [activity],
      { source: 'strava', overrides: [{ providerActivityId: summary.id, dedupKey: stravaDedupKey(summary.id) }] },
      { awaitSubscribers: true },
    );
    return inserted!.row.id;
  } catch (error) {
    // another sync of this user stored it first (the unique dedup key decides)
    if (isUniqueViolation(error)) return 'skipped';
    throw error;
  }
}

function itemError(item: string, error: unknown): JobItemError {
  if (error instanceof StravaFetchFailed) return { item, code: 'provider_fetch_failed', detail: error.message };
  if (error instanceof UnreadableStravaActivity) return { item, code: 'invalid_activity', detail: error.message };
  log().warn({ err: error, item }, 'a Strava activity could not be stored');
  return { item, code: 'invalid_activity', detail: 'The activity could not be stored.' };
}

export async function storeStravaActivities(db: Db, userId: number, batch: StravaSummary[]): Promise<StoredBatch> {
  const outcome: StoredBatch = { done: 0, createdIds: [], skipped: 0, errors: [], waitUntil: null };
  const token = await freshStravaAccessToken(db, userId);
  if (!token) return { ...outcome, done: batch.length, skipped: batch.length };
  for (const summary of batch) {
    const item = stravaDedupKey(summary.id);
    // a concurrent sync (or this step's earlier run) may have stored it since the listing
    if ((await storedStravaKeys(db, userId, [item])).size > 0) {
      outcome.skipped++;
    } else {
      try {
        const stored = await fetchAndStore(db, token, userId, summary);
        if (stored === 'skipped') outcome.skipped++;
        else outcome.createdIds.push(stored);
      } catch (error) {
        if (error instanceof StravaRateLimited) return { ...outcome, waitUntil: error.until.toISOString() };
        // the whole sync stops on these (job failed 424); anything else fails this activity only
        if (error instanceof StravaUnauthorized || error instanceof AppError) throw error;
        outcome.errors.push(itemError(item, error));
      }
    }
    outcome.done++;
  }
  return outcome;
}

import { setTimeout as sleep } from 'node:timers/promises';
import { log } from '../../../log/logger';
import { UnreadableStravaActivity, type StravaSummary } from '../../../strava/strava-activity';
import { notJson, StravaFetchFailed } from '../../../strava/strava-api-client';
import { runInWorker, WorkerBudgetExceeded, WorkerPoolBusy } from '../../../workers/pool';
import type { PreparedActivity } from '../../ingestion/prepare-activity';
import type { StravaBody, StravaOutcome } from './strava-task';

/** Strava's answers for the activity are not JSON of the documented shape. */
export const UNREADABLE_STRAVA_ACTIVITY = "Strava's streams or laps could not be read.";
/** The activity's preparation ran past a worker budget (time, heap) or crashed its worker. */
export const STRAVA_ACTIVITY_TOO_COMPLEX = 'The activity is too large or too complex to read.';

/**
 * A sync is a background job, not a request that can be refused with a retry-after: when every
 * worker is busy and the queue is full it waits for room (about a minute at most) rather than
 * fail the activity over a moment's load. Past that, the activity fails like any other error.
 */
const BUSY_WAITS_MS = [250, 500, 1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000];

/**
 * parsedFromStrava then prepareActivity (strava-task.ts) in a pool worker, from Strava's streams
 * and laps answers as fetched (stravaGetBytes): the activity ready for ingestActivities. The
 * bodies are moved to the worker. An answer that is not JSON is StravaFetchFailed, as stravaGet
 * would have thrown; JSON of another shape, or a worker budget spent (PARSE_TIME_BUDGET_MS,
 * PARSE_HEAP_MB, a crash), is UnreadableStravaActivity: the sync fails that activity only.
 */
export async function prepareStravaActivityOffThread(summary: StravaSummary, streams: StravaBody, laps: StravaBody): Promise<PreparedActivity> {
  const owned = [streams.bytes, laps.bytes].filter((b) => b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer);
  let outcome: StravaOutcome | undefined;
  for (let attempt = 0; !outcome; attempt++) {
    try {
      outcome = await runInWorker<StravaOutcome>(
        'prepareStravaActivity',
        { summary, streams, laps },
        { transferList: owned.map((b) => b.buffer as ArrayBuffer) },
      );
    } catch (error) {
      if (error instanceof WorkerPoolBusy && attempt < BUSY_WAITS_MS.length) {
        await sleep(BUSY_WAITS_MS[attempt]);
        continue;
      }
      if (!(error instanceof WorkerBudgetExceeded)) throw error;
      log().warn({ err: error, budget: error.budget, strava_activity_id: summary.id }, 'a Strava activity was over a worker budget');
      throw new UnreadableStravaActivity(STRAVA_ACTIVITY_TOO_COMPLEX, { cause: error });
    }
  }
  if (outcome.ok) return outcome.activity;
  if ('notJson' in outcome) throw new StravaFetchFailed(notJson(outcome.notJson), null);
  throw new UnreadableStravaActivity(UNREADABLE_STRAVA_ACTIVITY);
}

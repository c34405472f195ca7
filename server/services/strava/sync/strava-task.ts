import type { MessagePort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { ZodError } from 'zod';
import { parsedFromStrava, stravaLaps, stravaStreamSet, type StravaSummary } from '../../../strava/strava-activity';
import { prepareActivity, type PreparedActivity } from '../../ingestion/prepare-activity';

// What a pool worker runs for a synced Strava activity: Strava's answers as they came (JSON text)
// turned into the activity prepared for storing, by the code the sync ran in-process before
// (parsedFromStrava, then prepareActivity as for an uploaded file), so the sync's thread only
// fetches and stores, and both paths store the same bytes.

/** One answer of Strava's API, unread, and the path it came from (for the refusal's reason). */
export interface StravaBody {
  path: string;
  bytes: Uint8Array;
}

export interface StravaTask {
  summary: StravaSummary;
  streams: StravaBody;
  laps: StravaBody;
  /** told once the worker starts the task, so the wall-time budget excludes queueing */
  started: MessagePort;
}

/**
 * Refusals travel as data (an Error subclass loses its class across postMessage): `notJson` is
 * the path of an answer that is not JSON, `unreadable` JSON that is not what Strava documents.
 */
export type StravaOutcome = { ok: true; activity: PreparedActivity } | { ok: false; notJson: string } | { ok: false; unreadable: true };

class NotJson extends Error {
  constructor(readonly path: string) {
    super(`${path} is not JSON`);
  }
}

function readJson({ path, bytes }: StravaBody): unknown {
  try {
    // TextDecoder drops a BOM as Response.json() does
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new NotJson(path);
  }
}

export function prepareStravaTask({ summary, streams, laps, started }: StravaTask): StravaOutcome {
  started.postMessage('started');
  started.close();
  let parsed;
  try {
    const streamSet = stravaStreamSet.parse(readJson(streams));
    parsed = parsedFromStrava(summary, streamSet, stravaLaps.parse(readJson(laps)));
  } catch (error) {
    if (error instanceof NotJson) return { ok: false, notJson: error.path };
    if (error instanceof ZodError) return { ok: false, unreadable: true };
    throw error;
  }
  const activity = prepareActivity(parsed);
  // the stored bytes are moved back to the sync's thread, not copied
  const buffers = activity.streams ? [activity.streams.bytes.buffer as ArrayBuffer] : [];
  return move({ [transferableSymbol]: buffers, [valueSymbol]: { ok: true, activity } } as never) as never;
}

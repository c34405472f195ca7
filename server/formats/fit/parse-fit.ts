import type { ParsedActivity } from '../types';
import { InvalidFile } from '../invalid-file';
import { MAX_FIT_MESSAGES } from '../limits';
import { decodeFit, type FitMessage } from './decode';
import { deviceFromFit } from './device';
import { isSwimming, numField, stringField, timeField } from './fields';
import { hrMessagePoints, mergeHrPoints } from './hr-messages';
import { lapFromFit, lapStart } from './laps';
import { splitRecords } from './records';
import { samplesFromRecords } from './samples';
import { scanFit } from './scan';
import type { SampleColumns } from '../metrics/sample-columns';
import { activityFromSession } from './session-activity';

/**
 * A FIT file to one activity per session. Multisport files (triathlon) give one activity per
 * sport; **transition sessions (sport "transition") are dropped**: T1/T2 are not activities a
 * user wants in a list, and their time still shows as the gap between the legs. Records and laps
 * belong to the session whose window [start, next session's start) holds their timestamp.
 */
export function parseFit(bytes: Uint8Array, maxPoints: number): ParsedActivity[] {
  const scan = scanFit(bytes, maxPoints, Math.max(MAX_FIT_MESSAGES, maxPoints * 2));
  const file = bytes.subarray(0, scan.end);
  // the records straight to samples while the rest of the file goes to the decoder
  const split = splitRecords(file, scan.records);
  const fit = decodeFit(split?.rest ?? file);
  const samples = split?.samples ?? samplesFromRecords(fit.records);
  mergeHrPoints(samples, hrMessagePoints(fit.hrs));
  const device = deviceFromFit(fit);

  const sessions = fit.sessions.length > 0 ? fit.sessions : synthesizeSession(samples, fit.sports);
  if (sessions.length === 0) {
    const type = stringField(fit.fileIds[0], 'type');
    throw new InvalidFile(
      type && type !== 'activity'
        ? `This FIT file is a "${type}" file, not an activity: it holds no session and no track.`
        : 'The FIT file holds no activity data: no session and no track points.',
    );
  }

  const timed = sessions
    .map((session) => ({ session, startMs: sessionStart(session, samples) }))
    .filter((s): s is { session: FitMessage; startMs: number } => s.startMs !== null)
    .sort((a, b) => a.startMs - b.startMs);
  // Each record and lap goes to its session window in one binary search, so the work grows with
  // records × log(sessions), not records × sessions (a crafted file may carry many sessions).
  const starts = timed.map((s) => s.startMs);
  const samplesOf =
    starts.length === 1
      ? [samples]
      : bySession(
          Array.from({ length: samples.length }, (_, i) => i),
          (i) => samples.time[i]!,
          starts,
        ).map((points) => samples.select(points));
  const lapsOf = bySession(
    fit.laps.filter((lap) => lapStart(lap) !== null),
    lapStart,
    starts,
  );
  const activities: ParsedActivity[] = [];
  for (let i = 0; i < timed.length; i++) {
    const { session, startMs } = timed[i]!;
    if (stringField(session, 'sport') === 'transition') continue;
    const swim = isSwimming(session);
    const laps = lapsOf[i]!.map((lap) => lapFromFit(lap, lapStart(lap)!, swim));
    activities.push(activityFromSession({ session, startMs, samples: samplesOf[i]!, laps, device, rebaseDistance: i > 0 }));
  }
  if (activities.length === 0) {
    throw new InvalidFile('The FIT file holds only transition sessions, no activity.');
  }
  return activities;
}

/**
 * Messages grouped by session window [start_i, start_i+1): the first session also takes anything
 * before it, the last anything after. With one session every message belongs to it, timed or
 * not; with several, a message without a time belongs to none.
 */
function bySession<T>(messages: readonly T[], timeOf: (m: T) => number | null, starts: readonly number[]): T[][] {
  const groups = starts.map((): T[] => []);
  for (const message of messages) {
    const ms = timeOf(message);
    if (starts.length === 1) {
      groups[0]!.push(message);
      continue;
    }
    if (ms === null) continue;
    let lo = 0;
    let hi = starts.length - 1;
    // the last window whose start is ≤ ms (or the first when ms precedes every start)
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= ms) lo = mid;
      else hi = mid - 1;
    }
    groups[lo]!.push(message);
  }
  return groups;
}

/** start_time, else end timestamp minus elapsed, else the first timed record. */
function sessionStart(session: FitMessage, samples: SampleColumns): number | null {
  const start = timeField(session, 'start_time');
  if (start !== null) return start;
  const end = timeField(session, 'timestamp');
  const elapsed = numField(session, 'total_elapsed_time');
  if (end !== null && elapsed !== null) return end - elapsed * 1000;
  return samples.length > 0 ? samples.time[0]! : null;
}

/**
 * A recording that ended without its summary (battery died, app crashed) still has its track:
 * one session built from the records, with the sport message's sport when there is one.
 */
function synthesizeSession(samples: SampleColumns, sports: readonly FitMessage[]): FitMessage[] {
  if (samples.length === 0) return [];
  return [{ sport: stringField(sports[0], 'sport') ?? 'generic', sub_sport: stringField(sports[0], 'sub_sport') }];
}

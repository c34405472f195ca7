import type { JobItemError, JobProgress } from '@/db/schema';
import type { ItemOutcome } from './item-context';
import { ITEM_CODES } from './job-items';
import type { PreparedExport } from './prepare-export';

// The job's counts (CONTRACT: Ingestion jobs progress), rebuilt from the memoized step results,
// so a replayed job computes the same absolute values. Refused entries and manifest rows whose
// file is missing count as failed items; gear CSV and photo warnings are errors that fail nothing.

const FAILING = new Set<string>([ITEM_CODES.refused, ITEM_CODES.missing]);

export interface ProgressSnapshot {
  progress: JobProgress;
  activityIds: number[];
  errors: JobItemError[];
}

export function startTally(prepared: readonly PreparedExport[]): ProgressSnapshot {
  const errors = prepared.flatMap((p) => p.errors);
  const failed = errors.filter((e) => FAILING.has(e.code)).length;
  const total = prepared.reduce((sum, p) => sum + p.items.length, 0) + failed;
  return { progress: { total, done: failed, created: 0, skipped: 0, failed }, activityIds: [], errors };
}

/**
 * Items read ahead of the one being stored. With one, the worker sat idle whenever a store took
 * longer than the next parse, and whenever PGlite held the event loop when the worker finished
 * (the pool hands it its next task from this thread). Each item more ahead was faster up to five;
 * six was no faster and came too near the server's 512 MB memory target (bench/import/server.ts,
 * figures in bench/README.md). Memory holds the files being stored and at most this
 * many more, not the batch.
 */
const READ_AHEAD = 5;

/**
 * Items of one batch, stored in order while the next READ_AHEAD are read and parsed (one worker:
 * the parse is the cost, and it is CPU-bound), so the worker does not wait for the database.
 * Items whose read finished while the store was busy are stored together (one transaction costs
 * less than several). `afterItem` sees the batch's outcome so far, for a live progress bar.
 */
export async function importBatch<Read>(
  items: readonly string[],
  stages: { read: (path: string) => Promise<Read>; store: (reads: Read[]) => Promise<ItemOutcome[]> },
  afterItem: (done: number, soFar: ItemOutcome) => Promise<void>,
): Promise<ItemOutcome> {
  const outcome: ItemOutcome = { created: [], skipped: 0, failed: 0, errors: [] };
  const ahead: { reading: Promise<Read>; read: boolean }[] = [];
  let asked = 0;
  /** Asks for reads until READ_AHEAD are waiting or every item has been asked for. */
  const readAhead = () => {
    for (; ahead.length < READ_AHEAD && asked < items.length; asked++) {
      const waiting = { reading: stages.read(items[asked]!), read: false };
      // awaited below; until then a rejection (the database went away) must not count as unhandled
      waiting.reading.then(
        () => (waiting.read = true),
        () => (waiting.read = true),
      );
      ahead.push(waiting);
    }
  };
  readAhead();
  let done = 0;
  while (ahead.length) {
    // the first waited for, and those read by then: READ_AHEAD at most, as no more are asked for
    const group = [await ahead.shift()!.reading];
    while (ahead[0]?.read) group.push(await ahead.shift()!.reading);
    readAhead();
    for (const one of await stages.store(group)) {
      outcome.created.push(...one.created);
      outcome.skipped += one.skipped;
      outcome.failed += one.failed;
      outcome.errors.push(...one.errors);
      await afterItem((done += 1), outcome);
    }
  }
  return outcome;
}

/** The tally after a batch of `size` files; the input is left as it was. */
export function addBatch(tally: ProgressSnapshot, size: number, batch: ItemOutcome): ProgressSnapshot {
  const p = tally.progress;
  return {
    progress: { ...p, done: p.done + size, created: p.created + batch.created.length, skipped: p.skipped + batch.skipped, failed: p.failed + batch.failed },
    activityIds: [...tally.activityIds, ...batch.created],
    errors: [...tally.errors, ...batch.errors],
  };
}

/** Files per step: at least 20, and at most ~200 steps per export (Inngest caps a run at 1,000). */
export function batchSize(items: number): number {
  return Math.max(20, Math.ceil(items / 200));
}

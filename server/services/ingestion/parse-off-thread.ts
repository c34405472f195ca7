import { InvalidFile, type ParseOptions, type ParsedActivity } from '../../formats';
import { AppError } from '../../errors';
import { runInWorker, WorkerBudgetExceeded, WorkerPoolBusy } from '../../workers/pool';
import type { FileOutcome } from './parse-task';
import type { PreparedActivity } from './prepare-activity';

/** CONTRACT: Settled for the background half and hardening: the detail of a file over budget. */
export const TOO_COMPLEX = 'The file is too large or too complex to read.';

/** What InvalidFile.limit names for each way a worker gives up on a file. */
const BUDGET_LIMITS = { time: 'PARSE_TIME_BUDGET_MS', memory: 'PARSE_HEAP_MB', crash: 'worker_crash' } as const;

/**
 * parseActivityFile (server/formats) in a pool worker: the same result, or InvalidFile with the
 * same reasons, plus InvalidFile(TOO_COMPLEX) when the parse runs past PARSE_TIME_BUDGET_MS or
 * the worker's PARSE_HEAP_MB, or crashes its worker (which is then replaced). Uploads, archive
 * imports and syncs all parse through here, so no file ever holds the event loop.
 *
 * `bytes` is handed over without a copy when it is the whole of its ArrayBuffer (a readFile
 * result is): the caller's view is empty afterwards. A view into a larger or shared buffer is
 * copied instead. When every worker is busy and the queue is full: AppError service_unavailable.
 */
export function parseActivityFileOffThread(bytes: Uint8Array, filename: string, options: ParseOptions = {}): Promise<ParsedActivity[]> {
  return runFileTask<ParsedActivity>('parseActivityFile', bytes, filename, options);
}

/**
 * parseActivityFileOffThread, each activity then prepared for storing in the same worker
 * (prepareActivity): the same refusals, with the streams' stored bytes moved back to this thread.
 */
export function prepareActivityFileOffThread(bytes: Uint8Array, filename: string, options: ParseOptions = {}): Promise<PreparedActivity[]> {
  return runFileTask<PreparedActivity>('prepareActivityFile', bytes, filename, options);
}

async function runFileTask<T>(name: string, bytes: Uint8Array, filename: string, options: ParseOptions): Promise<T[]> {
  const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  let outcome: FileOutcome<T>;
  try {
    outcome = await runInWorker<FileOutcome<T>>(name, { bytes, filename, options }, { transferList: owned ? [bytes.buffer as ArrayBuffer] : [] });
  } catch (error) {
    if (error instanceof WorkerBudgetExceeded) throw new InvalidFile(TOO_COMPLEX, { cause: error, limit: BUDGET_LIMITS[error.budget] });
    if (error instanceof WorkerPoolBusy)
      throw new AppError('service_unavailable', {
        detail: 'Too many files are being read right now. Try again shortly.',
        headers: { 'retry-after': '5' },
        cause: error,
      });
    throw error;
  }
  if (!outcome.ok) throw new InvalidFile(outcome.reason, { limit: outcome.limit });
  return outcome.activities;
}

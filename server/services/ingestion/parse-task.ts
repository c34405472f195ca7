import { readFile } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { isInvalidFile, parseAcceptedActivityFile, parseActivityFile } from '../../formats';
import type { AcceptedName, ParseOptions, ParsedActivity } from '../../formats';
import { prepareActivityOverlapped, type PreparedActivity } from './prepare-activity';

// What a pool worker runs: the in-process parser, with its outcome made cloneable (an Error
// subclass loses its class across postMessage, so InvalidFile travels as { reason, limit }).

export interface ParseTask {
  /** the file's bytes, or the path of a file on disk, read here so the request thread never holds it */
  file: Uint8Array | string;
  /** the name as sent (checked by the parser), or as its caller already accepted it */
  name: string | AcceptedName;
  options: ParseOptions;
  /** told once the worker starts the task, so the wall-time budget excludes queueing */
  started: MessagePort;
}

export type FileOutcome<T> = { ok: true; activities: T[] } | { ok: false; reason: string; limit?: string };
export type ParseOutcome = FileOutcome<ParsedActivity>;

export async function parseTask({ file, name, options, started }: ParseTask): Promise<ParseOutcome> {
  started.postMessage('started');
  started.close();
  try {
    const bytes = typeof file === 'string' ? await readFile(file) : file;
    const activities = typeof name === 'string' ? await parseActivityFile(bytes, name, options) : await parseAcceptedActivityFile(bytes, name, options);
    return { ok: true, activities };
  } catch (error) {
    // parseActivityFile lets nothing but InvalidFile escape
    if (isInvalidFile(error)) return { ok: false, reason: error.reason, limit: error.limit };
    throw error;
  }
}

export type PrepareOutcome = FileOutcome<PreparedActivity>;

/**
 * parseTask plus prepareActivity (overlapped) for each activity: the request thread gets stored bytes and
 * derived figures instead of raw streams, and the bytes are moved to it, not copied.
 */
export async function prepareTask(task: ParseTask): Promise<PrepareOutcome> {
  const outcome = await parseTask(task);
  if (!outcome.ok) return outcome;
  const activities = await Promise.all(outcome.activities.map(prepareActivityOverlapped));
  const buffers = activities.flatMap((a) => (a.streams ? [a.streams.bytes.buffer as ArrayBuffer] : []));
  return move({ [transferableSymbol]: buffers, [valueSymbol]: { ok: true, activities } } as never) as never;
}

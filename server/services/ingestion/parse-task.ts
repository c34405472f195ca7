import type { MessagePort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { isInvalidFile, parseActivityFile } from '../../formats';
import type { ParseOptions, ParsedActivity } from '../../formats';
import { prepareActivity, type PreparedActivity } from './prepare-activity';

// What a pool worker runs: the in-process parser, with its outcome made cloneable (an Error
// subclass loses its class across postMessage, so InvalidFile travels as { reason, limit }).

export interface ParseTask {
  bytes: Uint8Array;
  filename: string;
  options: ParseOptions;
  /** told once the worker starts the task, so the wall-time budget excludes queueing */
  started: MessagePort;
}

export type FileOutcome<T> = { ok: true; activities: T[] } | { ok: false; reason: string; limit?: string };
export type ParseOutcome = FileOutcome<ParsedActivity>;

export async function parseTask({ bytes, filename, options, started }: ParseTask): Promise<ParseOutcome> {
  started.postMessage('started');
  started.close();
  try {
    return { ok: true, activities: await parseActivityFile(bytes, filename, options) };
  } catch (error) {
    // parseActivityFile lets nothing but InvalidFile escape
    if (isInvalidFile(error)) return { ok: false, reason: error.reason, limit: error.limit };
    throw error;
  }
}

export type PrepareOutcome = FileOutcome<PreparedActivity>;

/**
 * parseTask plus prepareActivity for each activity: the request thread gets stored bytes and
 * derived figures instead of raw streams, and the bytes are moved to it, not copied.
 */
export async function prepareTask(task: ParseTask): Promise<PrepareOutcome> {
  const outcome = await parseTask(task);
  if (!outcome.ok) return outcome;
  const activities = outcome.activities.map(prepareActivity);
  const buffers = activities.flatMap((a) => (a.streams ? [a.streams.bytes.buffer as ArrayBuffer] : []));
  return move({ [transferableSymbol]: buffers, [valueSymbol]: { ok: true, activities } } as never) as never;
}

import type { MessagePort } from 'node:worker_threads';
import { isInvalidFile, parseActivityFile } from '../formats';
import type { ParseOptions, ParsedActivity } from '../formats';

// What a pool worker runs: the in-process parser, with its outcome made cloneable (an Error
// subclass loses its class across postMessage, so InvalidFile travels as { reason, limit }).

export interface ParseTask {
  bytes: Uint8Array;
  filename: string;
  options: ParseOptions;
  /** told once the worker starts the task, so the wall-time budget excludes queueing */
  started: MessagePort;
}

export type ParseOutcome =
  | { ok: true; activities: ParsedActivity[] }
  | { ok: false; reason: string; limit?: string };

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

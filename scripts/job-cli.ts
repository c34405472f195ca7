import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobRow } from '../db/schema';
import { AppError } from '../server/errors';
import { HandoffError } from './server-handoff';

// What `npm run import` and `npm run export` share: `--user <name> <path>`, a job started here
// or handed to the running server, then followed until it ends.

/** A job this CLI follows, wherever it runs. */
export interface StartedJob<View> {
  id: string;
  username: string;
  poll(): Promise<View>;
  /** stops this process's runner and closes its database (nothing after a hand-off) */
  finish(): Promise<void>;
}

export const POLL_MS = 250;

/** The user and the path, or null after printing `usage` (and what was wrong, for an unknown option such as --help). */
export function userAndPath(usage: string): { user: string; path: string } | null {
  const parsed = parsedArgs();
  if (!parsed?.values.user || parsed.positionals.length !== 1) {
    console.error(usage);
    return null;
  }
  return { user: parsed.values.user, path: parsed.positionals[0]! };
}

/** The command line, or null after printing parseArgs' one line for an unknown option (a TypeError, not a stack trace). */
function parsedArgs() {
  try {
    return parseArgs({ options: { user: { type: 'string' } }, allowPositionals: true });
  } catch (error) {
    if (!(error instanceof TypeError && String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS'))) throw error;
    console.error(error.message);
    return null;
  }
}

/** The started job, or null after printing why it could not start (an unknown user, a server that cannot take it). */
export async function startOrExplain<View>(start: () => Promise<StartedJob<View>>): Promise<StartedJob<View> | null> {
  try {
    return await start();
  } catch (error) {
    if (!(error instanceof AppError || error instanceof HandoffError)) throw error;
    console.error(error instanceof AppError ? error.detail : error.message);
    return null;
  }
}

/** Polls until the job is neither queued nor running, showing `progress` on a terminal; returns the last view. */
export async function followJob<View extends { status: JobRow['status'] }>(job: StartedJob<View>, progress: (view: View) => string): Promise<View> {
  let view = await job.poll();
  while (view.status === 'queued' || view.status === 'running') {
    await sleep(POLL_MS);
    view = await job.poll();
    if (process.stdout.isTTY) process.stdout.write(`\r${progress(view)}`);
  }
  return view;
}

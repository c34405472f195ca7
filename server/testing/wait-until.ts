import type { ChildProcess } from 'node:child_process';

// Tests wait for exactly the state they go on to assert, never for a fixed time: a poll with a
// deadline and a message naming what was awaited, and an early stop when what was to produce the
// state (a child process) is gone.

const POLL_MS = 25;

/**
 * Waits until `condition` holds, polling; fails after `ms` naming `what`, or at once when `gaveUp`
 * returns a reason (e.g. `childEnded(child)`).
 */
export async function waitUntil(condition: () => boolean | Promise<boolean>, ms: number, what: string, gaveUp?: () => string | null): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    const reason = gaveUp?.();
    if (reason) throw new Error(`stopped waiting for ${what}: ${reason}`);
    if (Date.now() > deadline) throw new Error(`timed out after ${Math.round(ms / 1000)} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** A `gaveUp` for waits on a child process's work: the reason once the child has exited. */
export function childEnded(child: ChildProcess): () => string | null {
  return () => (child.exitCode !== null || child.signalCode !== null ? `the child process ended (${child.exitCode ?? child.signalCode})` : null);
}

/**
 * The time a test that starts child processes may take: each child starts tsx and may create a
 * PGlite database, seconds alone and over a minute on two cores shared with a parallel suite. A
 * deadline against hangs, not a measure of speed.
 */
export const CHILD_PROCESS_TEST_TIMEOUT_MS = 240_000;

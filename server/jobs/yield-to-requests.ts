import { foregroundRequestsWaiting } from '@/server/foreground-requests';

// Background work must not slow the requests answered meanwhile (a recompute after a threshold
// change: readers' p99 within 1.5× quiet, bench/fitness). On the embedded engine a job's statements and the requests' run on one
// event loop, one at a time: left alone, a job takes the loop as often as the requests do. So
// before each step the embedded runner gives the requests in flight up to YIELD_FACTOR times the
// previous step's duration: under a steady stream of requests a job has at most 1/(1 + YIELD_FACTOR)
// of the loop, and when none is waiting it runs at full speed.

export const YIELD_FACTOR = 4;
const POLL_MS = 2;

/** Waits while requests are being answered, for at most YIELD_FACTOR × `lastStepMs`. */
export async function yieldToRequests(lastStepMs: number): Promise<void> {
  const deadline = performance.now() + YIELD_FACTOR * lastStepMs;
  while (foregroundRequestsWaiting() && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

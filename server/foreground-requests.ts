import { processValueOr } from './process-state';

// The requests this process is answering, as background work sees them: a job step of the
// embedded runner waits a while for them (server/jobs/yield-to-requests.ts), because on the
// embedded engine every statement, a job's or a request's, runs on the one event loop.

/**
 * A request that has been in flight longer than this no longer counts: it is a slow upload or a
 * long download whose client is the bottleneck, and background work must not stall behind it.
 */
export const FRESH_REQUEST_MS = 1_000;

/** Start times (performance.now()) of the requests in flight, one entry per request. */
const inFlight = () => processValueOr('foregroundRequests', () => new Set<{ startedAt: number }>());

/** Counts the request whose response this is until the response is finished or its socket closes. */
export function trackForegroundRequest(response: { once(event: 'close', listener: () => void): unknown }): void {
  const entry = { startedAt: performance.now() };
  const requests = inFlight();
  requests.add(entry);
  response.once('close', () => requests.delete(entry));
}

/** True while a request that started less than FRESH_REQUEST_MS ago is being answered. */
export function foregroundRequestsWaiting(): boolean {
  const freshSince = performance.now() - FRESH_REQUEST_MS;
  for (const request of inFlight()) if (request.startedAt >= freshSince) return true;
  return false;
}

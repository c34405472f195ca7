import { systemNowMs } from '@/server/clock';
import { log } from '../log/logger';

// When the shared store is down every request would log the same warning; one line per reason
// every WARN_INTERVAL_MS (with the count of the ones left out) says the same without the flood.

const WARN_INTERVAL_MS = 10_000;
const lastWarnings = new Map<string, { at: number; suppressed: number }>();

export function warnFailOpen(what: string, error: unknown): void {
  const now = systemNowMs(); // real time between log lines (server/clock.ts)
  const last = lastWarnings.get(what);
  if (last && now - last.at < WARN_INTERVAL_MS) {
    last.suppressed++;
    return;
  }
  lastWarnings.set(what, { at: now, suppressed: 0 });
  const message = error instanceof Error ? error.message : String(error);
  log().warn({ err: message, suppressed: last?.suppressed ?? 0 }, `${what}; failing open`);
}

export function resetFailOpenWarningsForTests(): void {
  lastWarnings.clear();
}

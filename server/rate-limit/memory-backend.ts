import type { LimitDecision, RateLimitBackend } from './backend';
import { nowMs } from '../clock';
import type { LimitRule } from './policies';

// The embedded default: counters in this process. A sliding log per key (the times of the requests
// accepted in the last window) is exact — the 4th login in any 60 s span is refused, never let
// through at a window boundary — and costs at most `limit` numbers per key (120 at most here).
// Memory stays bounded: expired keys and flags are swept every SWEEP_INTERVAL_MS, and if a flood
// of distinct callers still fills maxKeys within a window the oldest keys are dropped first (their
// callers start a fresh count: under such a flood, bounded memory wins over exact counting).

const SWEEP_INTERVAL_MS = 30_000;
const DEFAULT_MAX_KEYS = 100_000;
const EVICT_TO = 0.9;

interface SlidingLog {
  windowMs: number;
  /** Accepted request times, oldest first; all within the last window after pruning. */
  times: number[];
}

export interface MemoryBackend extends RateLimitBackend {
  readonly kind: 'memory';
  /** Number of counter keys and flags held (for tests and the benchmark). */
  size(): { counters: number; flags: number };
  clear(): void;
}

export function createMemoryBackend(options: { maxKeys?: number } = {}): MemoryBackend {
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  const logs = new Map<string, SlidingLog>();
  const flags = new Map<string, number>();
  let nextSweepAt = 0;

  function prune(log: SlidingLog, now: number): void {
    const cutoff = now - log.windowMs;
    let expired = 0;
    while (expired < log.times.length && log.times[expired]! <= cutoff) expired++;
    if (expired > 0) log.times.splice(0, expired);
  }

  function sweep(now: number): void {
    for (const [key, log] of logs) {
      prune(log, now);
      if (log.times.length === 0) logs.delete(key);
    }
    for (const [key, expiresAt] of flags) if (expiresAt <= now) flags.delete(key);
    nextSweepAt = now + SWEEP_INTERVAL_MS;
  }

  // Called when a new key would exceed maxKeys. Expired keys go in the periodic sweep; here the
  // oldest keys are dropped (Map iteration follows insertion order) down to EVICT_TO of the cap, so
  // the following inserts are O(1) again: a flood of new callers must not cost a scan per request.
  function makeRoom(): void {
    if (logs.size < maxKeys) return;
    const target = Math.floor(maxKeys * EVICT_TO);
    for (const key of logs.keys()) {
      if (logs.size <= target) break;
      logs.delete(key);
    }
  }

  return {
    kind: 'memory',

    async hit(rule: LimitRule, identifier: string): Promise<LimitDecision> {
      const now = nowMs();
      if (now >= nextSweepAt) sweep(now);
      const key = `${rule.name}:${identifier}`;
      let log = logs.get(key);
      if (!log) {
        makeRoom();
        log = { windowMs: rule.windowSeconds * 1000, times: [] };
        logs.set(key, log);
      }
      prune(log, now);
      if (log.times.length >= rule.limit) {
        // A slot frees when the oldest accepted request leaves the window.
        return { allowed: false, limit: rule.limit, retryAfterMs: log.times[0]! + log.windowMs - now };
      }
      log.times.push(now);
      return { allowed: true, limit: rule.limit, retryAfterMs: 0 };
    },

    async setFlag(key: string, ttlMs: number): Promise<void> {
      flags.set(key, nowMs() + ttlMs);
    },

    async flagTtlMs(key: string): Promise<number | null> {
      const expiresAt = flags.get(key);
      if (expiresAt === undefined) return null;
      const remaining = expiresAt - nowMs();
      if (remaining > 0) return remaining;
      flags.delete(key);
      return null;
    },

    size: () => ({ counters: logs.size, flags: flags.size }),

    clear(): void {
      logs.clear();
      flags.clear();
      nextSweepAt = 0;
    },
  };
}

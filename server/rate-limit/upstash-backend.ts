import { systemNowMs } from '@/server/clock';
import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis';
import type { LimitDecision, RateLimitBackend } from './backend';
import { withCircuitBreaker } from './circuit-breaker';
import { slidingLog } from './sliding-log-algorithm';
import type { LimitRule } from './policies';

// The shared store when UPSTASH_REDIS_REST_URL/TOKEN are set: every app instance counts in the same
// Redis, so a client cannot multiply its allowance by landing on different instances. Errors are
// thrown to the caller, which fails open (enforce-rate-limits.ts); this module only makes sure
// a dead Redis is noticed fast: one retry instead of the client's default five (~4 s), a 1 s
// timeout, and a circuit breaker so that requests during an outage do not wait on it at all.

export interface UpstashBackendOptions {
  url: string;
  token: string;
  /** Prefix of every key this backend writes; tests use a unique one per run. */
  prefix?: string;
  /** A limit check slower than this is treated as a backend failure (fail open). */
  timeoutMs?: number;
}

export const DEFAULT_KEY_PREFIX = 'stride';
const DEFAULT_TIMEOUT_MS = 1_000;

export function createUpstashRedis(url: string, token: string): Redis {
  return new Redis({
    url,
    token,
    enableTelemetry: false,
    // STACK.md: no auto-pipelining. Each limit check is its own HTTP request, so a slow or failed
    // batch never couples the checks of unrelated requests.
    enableAutoPipelining: false,
    // One quick retry for a dropped keep-alive connection; then fail open rather than stall.
    retry: { retries: 1, backoff: () => 50 },
  });
}

export function createUpstashBackend(options: UpstashBackendOptions): RateLimitBackend {
  const redis = createUpstashRedis(options.url, options.token);
  const prefix = options.prefix ?? DEFAULT_KEY_PREFIX;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limiters = new Map<string, Ratelimit>();

  function limiterFor(rule: LimitRule): Ratelimit {
    const id = `${rule.name}:${rule.limit}:${rule.windowSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new Ratelimit({
        redis,
        // Exact, like the embedded store: the library's sliding window lets one more through at a
        // window boundary (STACK.md), which "3 requests/min" does not allow.
        limiter: slidingLog(rule.limit, rule.windowSeconds * 1000),
        prefix: `${prefix}:rl:${rule.name}`,
        // No per-instance memory of blocked callers: the count lives in Redis only, shared by all.
        ephemeralCache: false,
        analytics: false,
        timeout: timeoutMs,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  }

  const flagKey = (key: string) => `${prefix}:flag:${key}`;

  return withCircuitBreaker({
    kind: 'upstash',

    async hit(rule: LimitRule, identifier: string): Promise<LimitDecision> {
      const result = await limiterFor(rule).limit(identifier);
      // On timeout the library answers success with reason 'timeout': report it as the failure it is.
      if (result.reason === 'timeout') throw new Error(`rate-limit store did not answer within ${timeoutMs} ms`);
      return {
        allowed: result.success,
        limit: rule.limit,
        // the library's reset is its own Date.now's (server/clock.ts)
        retryAfterMs: result.success ? 0 : Math.max(0, result.reset - systemNowMs()),
      };
    },

    async setFlag(key: string, ttlMs: number): Promise<void> {
      await redis.set(flagKey(key), '1', { px: ttlMs });
    },

    async flagTtlMs(key: string): Promise<number | null> {
      const ttl = await redis.pttl(flagKey(key));
      // -2: no such key. -1: a key without expiry, which this module never writes; a flag that
      // would never clear is treated as absent, the same answer as an unreachable store.
      return ttl > 0 ? ttl : null;
    },
  });
}

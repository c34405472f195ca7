import { systemNowMs } from '@/server/clock';
import type { RateLimitBackend } from './backend';

// Failing open must also be fast. Without this, while Redis is down every request would wait for
// a refused connection plus the client's retry (bench/README.md) before being let through. After a
// failure the store is not asked again for OPEN_MS; calls fail at once (and the caller fails open),
// then the next call tries the store again. Real time on purpose: tests freeze the rate-limit clock.

const OPEN_MS = 5_000;

export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`rate-limit store failed recently (${cause instanceof Error ? cause.message : String(cause)}); not asked again yet`);
    this.name = 'StoreUnavailableError';
  }
}

export function withCircuitBreaker<B extends RateLimitBackend>(backend: B, openMs = OPEN_MS): B {
  let openUntil = 0;
  let lastError: unknown;

  async function guarded<T>(call: () => Promise<T>): Promise<T> {
    if (systemNowMs() < openUntil) throw new StoreUnavailableError(lastError);
    try {
      return await call();
    } catch (error) {
      lastError = error;
      openUntil = systemNowMs() + openMs;
      throw error;
    }
  }

  return {
    ...backend,
    hit: (rule, identifier) => guarded(() => backend.hit(rule, identifier)),
    setFlag: (key, ttlMs) => guarded(() => backend.setFlag(key, ttlMs)),
    flagTtlMs: (key) => guarded(() => backend.flagTtlMs(key)),
  };
}

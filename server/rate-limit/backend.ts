import type { LimitRule } from './policies';

// The small interface both stores implement: the in-process one (the embedded default) and the
// Upstash/Redis one (shared by every app instance). Callers never see which one is in use.

export interface LimitDecision {
  allowed: boolean;
  /** The limit that was applied (the X-RateLimit-Limit of a refusal). */
  limit: number;
  /** When refused: milliseconds until a request may succeed again. 0 when allowed. */
  retryAfterMs: number;
}

export interface RateLimitBackend {
  readonly kind: 'memory' | 'upstash';
  /** Counts one request of `identifier` against `rule`; a refused request is not counted. */
  hit(rule: LimitRule, identifier: string): Promise<LimitDecision>;
  /** Sets `key` for `ttlMs` milliseconds (replacing any earlier expiry). */
  setFlag(key: string, ttlMs: number): Promise<void>;
  /** Milliseconds until `key` expires, or null when it is not set. */
  flagTtlMs(key: string): Promise<number | null>;
}

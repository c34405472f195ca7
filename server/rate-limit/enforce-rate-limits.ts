import { env } from '../env';
import { AppError } from '../errors';
import type { LimitDecision, RateLimitBackend } from './backend';
import { currentBackend } from './current-backend';
import { warnFailOpen } from './fail-open-warning';
import { rateLimitBucket } from './ip-address';
import { endpointRule, tierRule, type EndpointLimit, type LimitRule, type RateLimitTier, type RateLimitTransport } from './policies';

export interface RateLimitInput {
  tier: RateLimitTier;
  endpoint?: EndpointLimit;
  /** 'session:<session id>' when authenticated (a token refresh keeps the count), else 'ip:<address>'. */
  callerKey: string;
  clientAddress: string;
  /** 'web' for tRPC calls of a signed-in session (webTierPolicies); REST by default */
  transport?: RateLimitTransport;
}

/** spec: Limits: 429 with Retry-After (seconds), X-RateLimit-Limit (the limit hit), X-RateLimit-Remaining 0. */
export function rateLimitedError(decision: LimitDecision): AppError {
  // Whole seconds, rounded up so a client that waits exactly this long is let in; at least 1.
  const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
  return new AppError('rate_limited', {
    detail: `Too many requests: the limit is ${decision.limit} per minute. Try again in ${seconds} seconds.`,
    headers: {
      'Retry-After': String(seconds),
      'X-RateLimit-Limit': String(decision.limit),
      'X-RateLimit-Remaining': '0',
    },
  });
}

async function hitOrFailOpen(backend: RateLimitBackend, rule: LimitRule, identifier: string): Promise<LimitDecision> {
  try {
    return await backend.hit(rule, identifier);
  } catch (error) {
    // An unreachable store must not take the service down with it: let the request through.
    warnFailOpen('rate-limit store unavailable', error);
    return { allowed: true, limit: rule.limit, retryAfterMs: 0 };
  }
}

/**
 * Counts the request against its route's tier (per caller) and, for the authentication endpoints,
 * the per-endpoint limit (per client address). Both are checked at once — one round trip to a
 * shared store, not two. If both refuse, the one with the longer wait is reported: the client
 * cannot get in before that anyway.
 */
export async function enforceRateLimitsWith(backend: RateLimitBackend, input: RateLimitInput): Promise<void> {
  // per address means per IPv6 /64
  const caller = input.callerKey.startsWith('ip:') ? `ip:${rateLimitBucket(input.callerKey.slice(3))}` : input.callerKey;
  const checks = [hitOrFailOpen(backend, tierRule(input.tier, input.transport), caller)];
  if (input.endpoint) checks.push(hitOrFailOpen(backend, endpointRule(input.endpoint), rateLimitBucket(input.clientAddress)));
  const refusals = (await Promise.all(checks)).filter((decision) => !decision.allowed);
  if (refusals.length === 0) return;
  const longest = refusals.reduce((a, b) => (b.retryAfterMs > a.retryAfterMs ? b : a));
  throw rateLimitedError(longest);
}

export async function enforceRateLimits(input: RateLimitInput): Promise<void> {
  // CONTRACT: Configuration: RATE_LIMIT_ENABLED=false turns every limit off.
  if (!env().RATE_LIMIT_ENABLED) return;
  await enforceRateLimitsWith(currentBackend(), input);
}

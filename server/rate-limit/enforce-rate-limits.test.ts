import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEnvForTests } from '../env';
import { AppError } from '../errors';
import type { RateLimitBackend } from './backend';
import { setClockForTests } from '../clock';
import { useBackendForTests } from './current-backend';
import { enforceRateLimits } from './enforce-rate-limits';
import { resetRateLimitStateForTests } from './reset-for-tests';

const warn = vi.hoisted(() => vi.fn());
vi.mock('../log/logger', () => ({ log: () => ({ warn }) }));

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const anon = (address: string) => ({ callerKey: `ip:${address}`, clientAddress: address });

function configure(overrides: Record<string, string> = {}) {
  // UPSTASH_* blank: these tests run the in-process store whatever the shell has set.
  setEnvForTests({ SECRET_KEY: 'x'.repeat(32), UPSTASH_REDIS_REST_URL: '', UPSTASH_REDIS_REST_TOKEN: '', ...overrides });
  resetRateLimitStateForTests();
}

async function refusal(promise: Promise<void>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeEach(() => {
  configure();
  setClockForTests(T0);
  warn.mockClear();
});
afterEach(() => setClockForTests(undefined));

describe('spec Limits: tiers are counted per caller and tier', () => {
  it('WRITE allows 30 a minute and refuses the 31st', async () => {
    const input = { tier: 'WRITE' as const, ...anon('198.51.100.1') };
    for (let i = 0; i < 30; i++) await enforceRateLimits(input);
    const error = await refusal(enforceRateLimits(input));
    expect(error.headers['X-RateLimit-Limit']).toBe('30');
  });

  it('another caller, or another tier of the same caller, has its own count', async () => {
    const caller = { tier: 'PROVIDER_SYNC' as const, ...anon('198.51.100.1') };
    for (let i = 0; i < 6; i++) await enforceRateLimits(caller);
    await expect(enforceRateLimits(caller)).rejects.toBeInstanceOf(AppError);
    await expect(enforceRateLimits({ ...caller, ...anon('198.51.100.2') })).resolves.toBeUndefined();
    await expect(enforceRateLimits({ ...caller, tier: 'UPLOAD' })).resolves.toBeUndefined();
  });

  it('a session keeps its count whatever address it comes from (a refresh does not reset it)', async () => {
    for (let i = 0; i < 6; i++) {
      await enforceRateLimits({ tier: 'PROVIDER_SYNC', callerKey: 'session:s1', clientAddress: `203.0.113.${i}` });
    }
    const error = await refusal(enforceRateLimits({ tier: 'PROVIDER_SYNC', callerKey: 'session:s1', clientAddress: '203.0.113.99' }));
    expect(error.headers['X-RateLimit-Limit']).toBe('6');
  });
});

describe('spec Limits: per-endpoint limits are per IP, on top of the tier', () => {
  it('"/auth/login | 3 requests/min per IP": the 4th is refused with limit 3 (not the SENSITIVE 10)', async () => {
    const input = { tier: 'SENSITIVE' as const, endpoint: 'login' as const, ...anon('198.51.100.7') };
    for (let i = 0; i < 3; i++) await enforceRateLimits(input);
    const error = await refusal(enforceRateLimits(input));
    expect(error.status).toBe(429);
    expect(error.headers['X-RateLimit-Limit']).toBe('3');
  });

  it('counts per client address, not per caller key', async () => {
    for (let i = 0; i < 3; i++) {
      await enforceRateLimits({ tier: 'SENSITIVE', endpoint: 'mfa_verify', callerKey: `session:${i}`, clientAddress: '198.51.100.8' });
    }
    await expect(
      enforceRateLimits({ tier: 'SENSITIVE', endpoint: 'mfa_verify', callerKey: 'session:new', clientAddress: '198.51.100.8' }),
    ).rejects.toBeInstanceOf(AppError);
    await expect(enforceRateLimits({ tier: 'SENSITIVE', endpoint: 'mfa_verify', ...anon('198.51.100.9') })).resolves.toBeUndefined();
  });

  it('both token-exchange paths share one count of 10', async () => {
    const input = { tier: 'SENSITIVE' as const, endpoint: 'token_exchange' as const, clientAddress: '198.51.100.10' };
    for (let i = 0; i < 10; i++) await enforceRateLimits({ ...input, callerKey: `ip:path-${i % 2}` });
    const error = await refusal(enforceRateLimits({ ...input, callerKey: 'ip:path-0' }));
    expect(error.headers['X-RateLimit-Limit']).toBe('10');
  });

  it('the tier still applies under the endpoint limit: SENSITIVE 10 per caller across IdP endpoints', async () => {
    const caller = { tier: 'SENSITIVE' as const, callerKey: 'session:s2', clientAddress: '198.51.100.11' };
    for (let i = 0; i < 5; i++) await enforceRateLimits({ ...caller, endpoint: 'idp_login' });
    for (let i = 0; i < 5; i++) await enforceRateLimits({ ...caller, endpoint: 'idp_link' });
    const error = await refusal(enforceRateLimits({ ...caller, endpoint: 'idp_callback' }));
    expect(error.headers['X-RateLimit-Limit']).toBe('10');
  });
});

describe('spec Limits: "429 with Retry-After, X-RateLimit-Limit (the limit hit), X-RateLimit-Remaining (always 0)"', () => {
  it('has the rate_limited problem, the three headers and a readable detail', async () => {
    const input = { tier: 'SENSITIVE' as const, endpoint: 'login' as const, ...anon('198.51.100.20') };
    for (let i = 0; i < 3; i++) await enforceRateLimits(input);
    setClockForTests(T0 + 15_000);
    const error = await refusal(enforceRateLimits(input));
    expect(error.kind).toBe('rate_limited');
    expect(error.headers).toEqual({ 'Retry-After': '45', 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '0' });
    expect(error.detail).toBe('Too many requests: the limit is 3 per minute. Try again in 45 seconds.');
  });

  it('Retry-After is whole seconds rounded up, and at least 1', async () => {
    const input = { tier: 'SENSITIVE' as const, endpoint: 'login' as const, ...anon('198.51.100.21') };
    for (let i = 0; i < 3; i++) await enforceRateLimits(input);
    setClockForTests(T0 + 30_400);
    expect((await refusal(enforceRateLimits(input))).headers['Retry-After']).toBe('30');
    setClockForTests(T0 + 59_999);
    expect((await refusal(enforceRateLimits(input))).headers['Retry-After']).toBe('1');
    setClockForTests(T0 + 60_000);
    await expect(enforceRateLimits(input)).resolves.toBeUndefined();
  });

  it('when both limits refuse, the one with the longer wait is reported', async () => {
    // The tier fills early, the endpoint limit (another address's caller key) later.
    const tier = { tier: 'SENSITIVE' as const, callerKey: 'session:s3' };
    for (let i = 0; i < 10; i++) await enforceRateLimits({ ...tier, clientAddress: `203.0.113.${i}` });
    setClockForTests(T0 + 20_000);
    for (let i = 0; i < 3; i++) await enforceRateLimits({ tier: 'SENSITIVE', endpoint: 'login', ...anon('198.51.100.22') });
    const error = await refusal(enforceRateLimits({ ...tier, endpoint: 'login', clientAddress: '198.51.100.22' }));
    expect(error.headers['X-RateLimit-Limit']).toBe('3');
    expect(error.headers['Retry-After']).toBe('60');
  });
});

describe('CONTRACT.md "Configuration": RATE_LIMIT_ENABLED=false', () => {
  it('turns every limit off', async () => {
    configure({ RATE_LIMIT_ENABLED: 'false' });
    const input = { tier: 'SENSITIVE' as const, endpoint: 'login' as const, ...anon('198.51.100.30') };
    for (let i = 0; i < 50; i++) await expect(enforceRateLimits(input)).resolves.toBeUndefined();
  });
});

describe('fail open: a store that cannot answer lets requests through', () => {
  it('allows the request and logs one warning', async () => {
    const broken: RateLimitBackend = {
      kind: 'upstash',
      hit: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')),
      setFlag: () => Promise.reject(new Error('down')),
      flagTtlMs: () => Promise.reject(new Error('down')),
    };
    useBackendForTests(broken);
    for (let i = 0; i < 5; i++) await enforceRateLimits({ tier: 'SENSITIVE', endpoint: 'login', ...anon('198.51.100.40') });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![1]).toMatch(/rate-limit store unavailable/);
  });
});

describe('per-address limits count an IPv6 client by its /64', () => {
  it('30 addresses of one /64 use up WRITE together; another /64 and IPv4(-mapped) addresses count apart', async () => {
    const input = (address: string) => ({ tier: 'WRITE' as const, ...anon(address) });
    for (let i = 1; i <= 30; i++) await enforceRateLimits(input(`2001:db8:1:2::${i.toString(16)}`));
    expect((await refusal(enforceRateLimits(input('2001:db8:1:2:ffff:ffff:ffff:ffff')))).status).toBe(429);
    await enforceRateLimits(input('2001:db8:1:3::1'));
    for (let i = 1; i <= 30; i++) await enforceRateLimits(input(`::ffff:198.51.100.${i}`));
  });
});

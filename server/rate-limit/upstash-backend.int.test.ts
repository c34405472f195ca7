import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEnvForTests } from '../env';
import { AppError } from '../errors';
import { startUpstashProxy, type UpstashProxy } from '../testing/upstash-proxy';
import { useUpstashProxy } from '../testing/upstash-proxy-fixture';
import { childEnded, waitUntil } from '../testing/wait-until';
import { setClockForTests } from '../clock';
import { currentBackend, useBackendForTests } from './current-backend';
import { enforceRateLimitsWith } from './enforce-rate-limits';
import { flagTtlSeconds, isFlagSet, setFlag } from './flag-store';
import { isProviderRateLimited, markProviderDailyLimited, providerRateLimitedUntil } from './provider-rate-limit';
import { resetRateLimitStateForTests } from './reset-for-tests';
import { createUpstashBackend } from './upstash-backend';

const warn = vi.hoisted(() => vi.fn());
vi.mock('../log/logger', () => ({ log: () => ({ warn }) }));

const redisUrl = process.env.TEST_REDIS_URL;
const token = 'backend-test-token';
// A unique prefix per run: parallel runs against the same Redis never share a counter.
const prefix = `test:rl:${process.pid}:${Date.now()}`;
const login = (address: string) => ({ tier: 'SENSITIVE' as const, endpoint: 'login' as const, callerKey: `ip:${address}`, clientAddress: address });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the epoch time is just past a multiple of `windowMs` minus `beforeMs`. */
async function justBeforeBoundary(windowMs: number, beforeMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < beforeMs + 50) await sleep(left);
  await sleep(Math.max(0, windowMs - (Date.now() % windowMs) - beforeMs));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!redisUrl)('Upstash backend against the real Redis (TEST_REDIS_URL)', () => {
  let proxy: UpstashProxy;
  useUpstashProxy({ redisUrl: redisUrl!, token, prefix }, (p) => {
    proxy = p;
  });

  beforeEach(() => {
    setEnvForTests({ SECRET_KEY: 'x'.repeat(32), UPSTASH_REDIS_REST_URL: proxy.url, UPSTASH_REDIS_REST_TOKEN: token });
    resetRateLimitStateForTests();
    warn.mockClear();
  });
  afterEach(() => setClockForTests(undefined));

  it('is the store env() selects when UPSTASH_REDIS_REST_URL/TOKEN are set', () => {
    expect(currentBackend().kind).toBe('upstash');
  });

  it('two app instances, each with its own client, share one count: the 4th login across both is refused', async () => {
    const instanceA = createUpstashBackend({ url: proxy.url, token, prefix });
    const instanceB = createUpstashBackend({ url: proxy.url, token, prefix });
    await enforceRateLimitsWith(instanceA, login('198.51.100.1'));
    await enforceRateLimitsWith(instanceB, login('198.51.100.1'));
    await enforceRateLimitsWith(instanceA, login('198.51.100.1'));
    const error = await enforceRateLimitsWith(instanceB, login('198.51.100.1')).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    const { headers } = error as AppError;
    expect(headers['X-RateLimit-Limit']).toBe('3');
    expect(headers['X-RateLimit-Remaining']).toBe('0');
    const retryAfter = Number(headers['Retry-After']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    // Another address is a different count on the same store.
    await expect(enforceRateLimitsWith(instanceA, login('198.51.100.2'))).resolves.toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });

  it('exact like the embedded store: the 4th request within the window is refused right after a window boundary too', async () => {
    // STACK.md: the library's own sliding window lets a fresh caller's 4th request through just
    // after a boundary (it floors the previous window's weighted count); the sliding log must not.
    const backend = createUpstashBackend({ url: proxy.url, token, prefix });
    const rule = { name: 'boundary-test', limit: 3, windowSeconds: 2 };
    await justBeforeBoundary(2_000, 300);
    for (let i = 0; i < 3; i++) expect((await backend.hit(rule, 'caller')).allowed).toBe(true);
    await sleep(2_000 - (Date.now() % 2_000) + 100); // just past the boundary, within 2 s of the first
    const fourth = await backend.hit(rule, 'caller');
    expect(fourth.allowed).toBe(false);
    expect(fourth.retryAfterMs).toBeGreaterThan(0);
    expect(fourth.retryAfterMs).toBeLessThanOrEqual(2_000);
    // a refused request takes no slot: once the first leaves the window, one more passes
    await sleep(fourth.retryAfterMs + 50);
    expect((await backend.hit(rule, 'caller')).allowed).toBe(true);
  });

  it('Upstash endpoint unreachable (closed port): requests are allowed and a warning is logged', async () => {
    const backend = createUpstashBackend({ url: `http://127.0.0.1:${await freePort()}`, token, prefix });
    for (let i = 0; i < 5; i++) await expect(enforceRateLimitsWith(backend, login('198.51.100.3'))).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![1]).toBe('rate-limit store unavailable; failing open');
  });

  it('the endpoint goes away mid-run (proxy closed): requests are still allowed, with a warning', async () => {
    const ownProxy = await startUpstashProxy({ redisUrl: redisUrl!, token });
    const backend = createUpstashBackend({ url: ownProxy.url, token, prefix });
    await enforceRateLimitsWith(backend, login('198.51.100.4'));
    await ownProxy.close();
    for (let i = 0; i < 5; i++) await expect(enforceRateLimitsWith(backend, login('198.51.100.4'))).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });

  describe('Redis itself goes down behind the endpoint', () => {
    let redisServer: ChildProcess | undefined;
    afterEach(() => {
      redisServer?.kill();
    });

    it('requests are allowed, a warning is logged, and the provider counts as not limited', async () => {
      // A private Redis this test owns, so it can stop it without touching the shared one.
      const port = await freePort();
      redisServer = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      const ownProxy = await connectWithRetry(`redis://127.0.0.1:${port}`, redisServer);
      try {
        const backend = createUpstashBackend({ url: ownProxy.url, token, prefix });
        useBackendForTests(backend);
        await enforceRateLimitsWith(backend, login('198.51.100.5'));
        redisServer.kill();
        await new Promise((resolve) => redisServer!.once('exit', resolve));
        for (let i = 0; i < 5; i++) await expect(enforceRateLimitsWith(backend, login('198.51.100.5'))).resolves.toBeUndefined();
        expect(await isProviderRateLimited('strava')).toBe(false);
        const messages = warn.mock.calls.map((call) => call[1]);
        expect(messages).toContain('rate-limit store unavailable; failing open');
        expect(messages).toContain('provider rate-limit flag unreadable; failing open');
      } finally {
        await ownProxy.close();
      }
    });
  });

  describe('the shared flag store on Redis', () => {
    beforeEach(() => useBackendForTests(createUpstashBackend({ url: proxy.url, token, prefix })));

    it('a flag is set for its lifetime and then expires', async () => {
      await setFlag('expiring', 1);
      expect(await isFlagSet('expiring')).toBe(true);
      expect(await flagTtlSeconds('expiring')).toBe(1);
      // Redis expires it on its own clock: wait for exactly that, not for a fixed time
      await waitUntil(async () => !(await isFlagSet('expiring')), 30_000, 'Redis to expire the flag');
      expect(await flagTtlSeconds('expiring')).toBeNull();
    });

    it('spec "Provider rate-limit flag": a daily limit lasts until the next UTC midnight, at least 1 s', async () => {
      setClockForTests(Date.UTC(2026, 2, 1, 18, 0, 0));
      await markProviderDailyLimited('strava');
      expect(await flagTtlSeconds('provider-rate-limit:strava:daily')).toBe(6 * 3600);
      const until = await providerRateLimitedUntil('strava');
      expect(Math.abs(until!.getTime() - Date.UTC(2026, 2, 2))).toBeLessThan(1_000);

      setClockForTests(Date.UTC(2026, 2, 1, 23, 59, 59, 900));
      await markProviderDailyLimited('garmin');
      expect(await isProviderRateLimited('garmin')).toBe(true);
      expect(await flagTtlSeconds('provider-rate-limit:garmin:daily')).toBe(1);
      await waitUntil(async () => !(await isProviderRateLimited('garmin')), 30_000, 'Redis to expire the 1 s flag');
    });
  });
});

/** The private Redis needs a moment to listen; the endpoint's start fails until it does. */
async function connectWithRetry(url: string, redisServer: ChildProcess): Promise<UpstashProxy> {
  let proxy: UpstashProxy | undefined;
  await waitUntil(
    async () => {
      proxy = await startUpstashProxy({ redisUrl: url, token }).catch(() => undefined);
      return proxy !== undefined;
    },
    60_000,
    'the private Redis to listen',
    childEnded(redisServer),
  );
  return proxy!;
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEnvForTests } from '../env';
import type { RateLimitBackend } from './backend';
import { setClockForTests } from '../clock';
import { useBackendForTests } from './current-backend';
import { flagTtlSeconds, isFlagSet, setFlag } from './flag-store';
import {
  isProviderRateLimited,
  markProviderDailyLimited,
  markProviderShortTermLimited,
  providerRateLimitedUntil,
  secondsUntilNextUtcMidnight,
} from './provider-rate-limit';
import { resetRateLimitStateForTests } from './reset-for-tests';

const warn = vi.hoisted(() => vi.fn());
vi.mock('../log/logger', () => ({ log: () => ({ warn }) }));

const at = (iso: string) => new Date(iso).getTime();

beforeEach(() => {
  setEnvForTests({ SECRET_KEY: 'x'.repeat(32), UPSTASH_REDIS_REST_URL: '', UPSTASH_REDIS_REST_TOKEN: '' });
  resetRateLimitStateForTests();
  warn.mockClear();
});
afterEach(() => setClockForTests(undefined));

describe('shared flag store with expiry', () => {
  it('is set until its lifetime has passed, with the seconds left rounded up', async () => {
    setClockForTests(at('2026-03-01T10:00:00Z'));
    await setFlag('maintenance', 30);
    expect(await isFlagSet('maintenance')).toBe(true);
    setClockForTests(at('2026-03-01T10:00:10.5Z'));
    expect(await flagTtlSeconds('maintenance')).toBe(20);
    setClockForTests(at('2026-03-01T10:00:30Z'));
    expect(await isFlagSet('maintenance')).toBe(false);
    expect(await flagTtlSeconds('maintenance')).toBeNull();
  });

  it('setting a flag again replaces its expiry', async () => {
    setClockForTests(at('2026-03-01T10:00:00Z'));
    await setFlag('f', 100);
    await setFlag('f', 5);
    expect(await flagTtlSeconds('f')).toBe(5);
  });

  it('refuses a lifetime that is not a positive number of seconds', async () => {
    await expect(setFlag('f', 0)).rejects.toBeInstanceOf(RangeError);
    await expect(setFlag('f', Number.NaN)).rejects.toBeInstanceOf(RangeError);
  });
});

describe('spec "Provider rate-limit flag": the daily limit lasts until the next UTC midnight, at least 1 s', () => {
  it.each([
    ['2026-03-01T00:00:00Z', 86_400],
    ['2026-03-01T23:00:00Z', 3_600],
    ['2026-03-01T23:59:59.400Z', 1],
    ['2026-03-01T23:59:59.999Z', 1],
    ['2026-12-31T12:00:00Z', 43_200],
    ['2028-02-28T23:59:00Z', 60],
  ])('at %s: %i seconds', (iso, seconds) => {
    expect(secondsUntilNextUtcMidnight(new Date(iso))).toBe(seconds);
  });

  it('uses UTC, not the local time zone of the caller', () => {
    // 23:30 in New York on 1 March is 04:30 UTC on 2 March: 19.5 hours to UTC midnight.
    expect(secondsUntilNextUtcMidnight(new Date('2026-03-01T23:30:00-05:00'))).toBe(70_200);
  });
});

describe('spec "Provider rate-limit flag" state table', () => {
  it('Clear → short-term limited for 900 s, then clear by itself', async () => {
    setClockForTests(at('2026-03-01T10:00:00Z'));
    expect(await isProviderRateLimited('strava')).toBe(false);
    await markProviderShortTermLimited('strava');
    expect(await isProviderRateLimited('strava')).toBe(true);
    expect(await providerRateLimitedUntil('strava')).toEqual(new Date('2026-03-01T10:15:00Z'));
    setClockForTests(at('2026-03-01T10:14:59Z'));
    expect(await isProviderRateLimited('strava')).toBe(true);
    setClockForTests(at('2026-03-01T10:15:00Z'));
    expect(await isProviderRateLimited('strava')).toBe(false);
    expect(await providerRateLimitedUntil('strava')).toBeNull();
  });

  it('the 900 s run from the `now` given (when the provider reported the limit)', async () => {
    setClockForTests(at('2026-03-01T10:05:00Z'));
    await markProviderShortTermLimited('strava', new Date('2026-03-01T10:00:00Z'));
    expect(await providerRateLimitedUntil('strava')).toEqual(new Date('2026-03-01T10:15:00Z'));
  });

  it('Clear → daily limited until the next UTC midnight, then clear', async () => {
    setClockForTests(at('2026-03-01T18:30:00Z'));
    await markProviderDailyLimited('strava');
    expect(await providerRateLimitedUntil('strava')).toEqual(new Date('2026-03-02T00:00:00Z'));
    setClockForTests(at('2026-03-01T23:59:59.999Z'));
    expect(await isProviderRateLimited('strava')).toBe(true);
    setClockForTests(at('2026-03-02T00:00:00Z'));
    expect(await isProviderRateLimited('strava')).toBe(false);
  });

  it('a daily limit reported in the last second before midnight still lasts 1 s', async () => {
    setClockForTests(at('2026-03-01T23:59:59.900Z'));
    await markProviderDailyLimited('strava');
    setClockForTests(at('2026-03-02T00:00:00.500Z'));
    expect(await isProviderRateLimited('strava')).toBe(true);
    setClockForTests(at('2026-03-02T00:00:00.900Z'));
    expect(await isProviderRateLimited('strava')).toBe(false);
  });

  it('a short-term mark never shortens a daily one; until is the later of the two', async () => {
    setClockForTests(at('2026-03-01T20:00:00Z'));
    await markProviderDailyLimited('strava');
    await markProviderShortTermLimited('strava');
    expect(await providerRateLimitedUntil('strava')).toEqual(new Date('2026-03-02T00:00:00Z'));
  });

  it('flags are per provider', async () => {
    await markProviderShortTermLimited('strava');
    expect(await isProviderRateLimited('garmin')).toBe(false);
  });

  it('"If the shared state is unreachable, the check treats the provider as not limited" (and warns)', async () => {
    const down = () => Promise.reject(new Error('fetch failed'));
    const unreachable: RateLimitBackend = { kind: 'upstash', hit: down, setFlag: down, flagTtlMs: down };
    useBackendForTests(unreachable);
    await expect(markProviderDailyLimited('strava')).resolves.toBeUndefined();
    expect(await isProviderRateLimited('strava')).toBe(false);
    expect(await providerRateLimitedUntil('strava')).toBeNull();
    const messages = warn.mock.calls.map((call) => call[1]);
    expect(messages).toContain('provider rate-limit flag could not be stored; failing open');
    expect(messages).toContain('provider rate-limit flag unreadable; failing open');
  });
});

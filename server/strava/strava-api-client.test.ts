import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { setClockForTests } from '@/server/clock';
import { markProviderShortTermLimited } from '@/server/rate-limit/provider-rate-limit';
import { makeHistory } from '@/server/testing/strava-double/strava-data';
import type { StravaDouble } from '@/server/testing/strava-double/strava-double';
import { startStravaDouble } from '@/server/testing/strava-double/start-strava-double';
import { stravaGet, StravaRateLimited, StravaUnauthorized } from './strava-api-client';
import { STRAVA_PROVIDER } from './strava-config';
import { stravaRateLimitedUntil } from './strava-quota';

// The one Strava client against the double: the shared flag stops every call before it leaves,
// the last request of a budget sets the flag, so Strava never has to refuse us.

let clock = Date.parse('2026-04-01T09:50:00Z');
let double: StravaDouble;
let token: string;

beforeAll(async () => {
  setClockForTests(() => clock);
  double = await startStravaDouble({ budgets: { overall: { fifteenMinutes: 50, daily: 500 }, read: { fifteenMinutes: 3, daily: 100 } } });
  double.addAthlete(11, makeHistory(11, 3, new Date('2026-03-01T08:00:00Z')));
  const consent = await fetch(`${double.url}/oauth/authorize?client_id=${double.clientId}&redirect_uri=http://x/cb&scope=read,activity:read_all&state=s`, {
    redirect: 'manual',
  });
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const answer = await fetch(`${double.url}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: double.clientId, client_secret: double.clientSecret, code, grant_type: 'authorization_code' }),
  });
  token = ((await answer.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  setClockForTests(undefined);
  await double.stop();
});
beforeEach(() => resetRateLimitStateForTests());

describe('stravaGet', () => {
  it('sends nothing while the provider flag is set (set by any job or instance)', async () => {
    await markProviderShortTermLimited(STRAVA_PROVIDER);
    const sent = double.requests.length;
    await expect(stravaGet(token, '/athlete')).rejects.toBeInstanceOf(StravaRateLimited);
    expect(double.requests.length).toBe(sent);
  });

  it('the request that spends the 15-minute budget sets the flag for 900 s (spec: Provider rate-limit flag); the next one is never sent', async () => {
    for (let i = 0; i < 3; i++) await stravaGet(token, '/athlete');
    expect((await stravaRateLimitedUntil())?.toISOString()).toBe('2026-04-01T10:05:00.000Z');
    const sent = double.requests.length;
    await expect(stravaGet(token, '/athlete')).rejects.toMatchObject({ until: new Date('2026-04-01T10:05:00.000Z') });
    clock = Date.parse('2026-04-01T10:04:59Z');
    await expect(stravaGet(token, '/athlete')).rejects.toBeInstanceOf(StravaRateLimited);
    expect(double.requests.length).toBe(sent);
    clock = Date.parse('2026-04-01T10:05:00Z');
    await expect(stravaGet(token, '/athlete')).resolves.toMatchObject({ id: 11 });
    expect(double.requests.filter((r) => r.status === 429)).toHaveLength(0);
  });

  it('a 429 from Strava (another application instance spent the budget) sets the flag; a 401 is StravaUnauthorized', async () => {
    clock = Date.parse('2026-04-01T10:20:00Z');
    double.quota.budgets.read.fifteenMinutes = 0;
    await expect(stravaGet(token, '/athlete')).rejects.toBeInstanceOf(StravaRateLimited);
    expect((await stravaRateLimitedUntil())?.toISOString()).toBe('2026-04-01T10:35:00.000Z');
    double.quota.budgets.read.fifteenMinutes = 3;
    resetRateLimitStateForTests();
    await expect(stravaGet('not-a-token', '/athlete')).rejects.toBeInstanceOf(StravaUnauthorized);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as callbackRoute from '@/app/api/v1/strava/callback/route';
import * as linkRoute from '@/app/api/v1/strava/link/route';
import * as statusRoute from '@/app/api/v1/strava/status/route';
import * as unlinkRoute from '@/app/api/v1/strava/unlink/route';
import { stravaLinks } from '@/db/schema';
import { openSecret } from '@/server/auth/secret-box';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { setClockForTests } from '@/server/rate-limit/clock';
import { useDatabaseForTests } from '@/server/runtime';
import { makeHistory } from '@/server/testing/strava-double/strava-data';
import type { StravaDouble } from '@/server/testing/strava-double/strava-double';
import { startStravaDouble, userWithToken } from '@/server/testing/strava-double/start-strava-double';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { createTrpcContext } from '@/server/trpc/context';
import { createCallerFactory } from '@/server/trpc/init';
import { appRouter } from '@/server/trpc/root';

// CONTRACT: Strava and CONTRACT: Settled 2026-11-23 (the link): link → Strava's authorize page →
// callback without bearer → tokens sealed at rest; the state is single-use, bound to the user,
// 10 minutes, and a bad one is refused before any call to Strava.

const BASE = 'http://127.0.0.1:3000';
const noParams = { params: Promise.resolve({}) };
let clock = Date.parse('2026-05-01T12:00:00Z');

describe.each(testEngines())('Strava link on %s', (engine) => {
  let database: TestDatabase;
  let double: StravaDouble;
  let user: { userId: number; accessToken: string };
  const auth = () => ({ authorization: `Bearer ${user.accessToken}`, 'x-client-type': 'mobile', 'x-stride-peer': '10.9.0.1' });

  beforeAll(async () => {
    setClockForTests(() => clock);
    double = await startStravaDouble();
    resetRateLimitStateForTests();
    double.addAthlete(501, makeHistory(501, 2, new Date('2026-04-01T06:00:00Z')));
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    user = await userWithToken(database.db, `strava-link-${engine}`);
  });
  afterAll(async () => {
    setClockForTests(undefined);
    await double.stop();
    await database.close();
  });

  /** GET /strava/link, then Strava's consent page approves: the URL Strava sends the browser to. */
  async function startLink(): Promise<URL> {
    const res = await linkRoute.GET(new Request(`${BASE}/api/v1/strava/link`, { headers: auth() }), noParams);
    expect(res.status).toBe(302);
    const authorize = new URL(res.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe(`${double.url}/oauth/authorize`);
    expect(authorize.searchParams.get('scope')).toBe('read,activity:read_all');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${BASE}/api/v1/strava/callback`);
    const consent = await fetch(authorize, { redirect: 'manual' });
    return new URL(consent.headers.get('location')!);
  }

  const callback = (url: URL | string) => callbackRoute.GET(new Request(url.toString(), { headers: { 'x-stride-peer': '10.9.0.2' } }), noParams);

  it('links: the callback (no bearer) stores sealed tokens and redirects to /settings?strava=linked', async () => {
    const back = await startLink();
    const res = await callback(back);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/settings?strava=linked');
    const [row] = await database.db.select().from(stravaLinks).where(eq(stravaLinks.userId, user.userId));
    const grant = double.oauth.grantOf(501)!;
    expect(row!.accessToken).not.toContain(grant.accessToken);
    expect(openSecret(row!.accessToken, 'provider-token-box')).toBe(grant.accessToken);
    expect(openSecret(row!.refreshToken, 'provider-token-box')).toBe(grant.refreshToken);

    const status = await (await statusRoute.GET(new Request(`${BASE}/api/v1/strava/status`, { headers: auth() }), noParams)).json();
    expect(status).toEqual({
      linked: true,
      athlete_id: 501,
      expires_at: new Date(grant.expiresAt * 1000).toISOString(),
      rate_limited_until: null,
      needs_reconnect: false,
    });
  });

  it('a reused, forged or expired state is refused before any call to Strava', async () => {
    const back = await startLink();
    await callback(back);
    const exchanges = double.oauth.calls.authorizationCode;
    expect((await callback(back)).headers.get('location')).toBe('/settings?strava=error&reason=invalid_state');
    const forged = new URL(back);
    forged.searchParams.set('state', 'made-up');
    expect((await callback(forged)).headers.get('location')).toBe('/settings?strava=error&reason=invalid_state');
    const late = await startLink();
    clock += 10 * 60_000 + 1000;
    expect((await callback(late)).headers.get('location')).toBe('/settings?strava=error&reason=expired_state');
    expect(double.oauth.calls.authorizationCode).toBe(exchanges);
  });

  it('a denied consent or a scope without activities is refused', async () => {
    const denied = await startLink();
    denied.searchParams.delete('code');
    denied.searchParams.set('error', 'access_denied');
    expect((await callback(denied)).headers.get('location')).toBe('/settings?strava=error&reason=access_denied');
    const narrow = await startLink();
    narrow.searchParams.set('scope', 'read');
    expect((await callback(narrow)).headers.get('location')).toBe('/settings?strava=error&reason=scope_denied');
  });

  it('the web app gets the authorize URL as JSON over tRPC; unlink forgets the tokens (204)', async () => {
    const caller = createCallerFactory(appRouter)(await createTrpcContext({ req: new Request(`${BASE}/api/trpc`, { headers: auth() }) }));
    const { authorization_url } = await caller.strava.linkUrl();
    expect(new URL(authorization_url).searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    const res = await unlinkRoute.DELETE(new Request(`${BASE}/api/v1/strava/unlink`, { method: 'DELETE', headers: auth() }), noParams);
    expect(res.status).toBe(204);
    expect(await caller.strava.status()).toMatchObject({ linked: false, athlete_id: null, expires_at: null });
    expect(await database.db.select().from(stravaLinks)).toHaveLength(0);
  });
});

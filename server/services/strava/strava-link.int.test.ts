import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as callbackRoute from '@/app/api/v1/strava/callback/route';
import * as linkRoute from '@/app/api/v1/strava/link/route';
import * as statusRoute from '@/app/api/v1/strava/status/route';
import * as unlinkRoute from '@/app/api/v1/strava/unlink/route';
import { stravaLinks } from '@/db/schema';
import { openSecret } from '@/server/auth/secret-box';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { setClockForTests } from '@/server/clock';
import { useDatabaseForTests } from '@/server/runtime';
import { makeHistory } from '@/server/testing/strava-double/strava-data';
import type { StravaDouble } from '@/server/testing/strava-double/strava-double';
import { startStravaDouble, userWithToken } from '@/server/testing/strava-double/start-strava-double';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { createTrpcContext } from '@/server/trpc/context';
import { createCallerFactory } from '@/server/trpc/init';
import { appRouter } from '@/server/trpc/root';

// CONTRACT: Strava and CONTRACT: Settled 2026-11-23 (the link): link → Strava's authorize page →
// callback without bearer → tokens sealed at rest; the state is single-use, bound to the user and
// to the browser that started it (a cookie, changed 2026-11-25), 10 minutes, and a bad one is
// refused before any call to Strava. One athlete is linked to one account at most.

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

  /** The state cookie a link start sets, as the browser sends it back (name=value). */
  function stateCookieOf(res: Response): string {
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('stride_strava_state='))!;
    expect(cookie).toMatch(/; Path=\/api\/v1\/strava\/callback; HttpOnly; SameSite=Lax; Max-Age=600/);
    return cookie.split(';', 1)[0]!;
  }

  /** GET /strava/link, then Strava's consent page approves: the URL Strava sends the browser to, and the browser's cookie. */
  async function startLinkIn(headers = auth()): Promise<{ back: URL; cookie: string }> {
    const res = await linkRoute.GET(new Request(`${BASE}/api/v1/strava/link`, { headers }), noParams);
    expect(res.status).toBe(302);
    const authorize = new URL(res.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe(`${double.url}/oauth/authorize`);
    expect(authorize.searchParams.get('scope')).toBe('read,activity:read_all');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${BASE}/api/v1/strava/callback`);
    const consent = await fetch(authorize, { redirect: 'manual' });
    return { back: new URL(consent.headers.get('location')!), cookie: stateCookieOf(res) };
  }

  /** The callback as the browser that started the link sends it (with its state cookie). */
  let browserCookie = '';
  async function startLink(): Promise<URL> {
    const started = await startLinkIn();
    browserCookie = started.cookie;
    return started.back;
  }

  const callback = (url: URL | string, cookie: string | null = browserCookie) =>
    callbackRoute.GET(new Request(url.toString(), { headers: { 'x-stride-peer': '10.9.0.2', ...(cookie ? { cookie } : {}) } }), noParams);

  it('links: the callback (no bearer) stores sealed tokens and redirects to /settings?strava=linked', async () => {
    const back = await startLink();
    const res = await callback(back);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/settings?strava=linked');
    expect(res.headers.get('set-cookie')).toMatch(/^stride_strava_state=; .*Max-Age=0/);
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
      configured: true,
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

  it("a victim's browser that opens an attacker's authorize URL links nothing, before any call to Strava", async () => {
    // the attacker starts a link in their own browser and sends the authorize URL to the victim
    const attacker = await userWithToken(database.db, `strava-attacker-${engine}`);
    const attackerLink = await startLinkIn({ ...auth(), authorization: `Bearer ${attacker.accessToken}` });
    const exchanges = double.oauth.calls.authorizationCode;
    // the victim's browser has no state cookie, or the cookie of a link it started itself
    expect((await callback(attackerLink.back, null)).headers.get('location')).toBe('/settings?strava=error&reason=invalid_state');
    const own = await startLinkIn();
    expect((await callback(attackerLink.back, own.cookie)).headers.get('location')).toBe('/settings?strava=error&reason=invalid_state');
    expect(double.oauth.calls.authorizationCode).toBe(exchanges);
    expect(await database.db.select().from(stravaLinks).where(eq(stravaLinks.userId, attacker.userId))).toHaveLength(0);
  });

  it('an athlete linked to one account is refused to another (athlete_taken), also by the database', async () => {
    const first = await startLink();
    expect((await callback(first)).headers.get('location')).toBe('/settings?strava=linked');
    const other = await userWithToken(database.db, `strava-other-${engine}`);
    const second = await startLinkIn({ ...auth(), authorization: `Bearer ${other.accessToken}` });
    expect((await callback(second.back, second.cookie)).headers.get('location')).toBe('/settings?strava=error&reason=athlete_taken');
    const rows = await database.db.select({ userId: stravaLinks.userId }).from(stravaLinks).where(eq(stravaLinks.athleteId, 501));
    expect(rows).toEqual([{ userId: user.userId }]);
    // the unique index holds even when the check above is raced past
    const [row] = await database.db.select().from(stravaLinks).where(eq(stravaLinks.userId, user.userId));
    await expect(database.db.insert(stravaLinks).values({ ...row!, userId: other.userId })).rejects.toThrow();
    // the account that holds the athlete may link it again (a reconnect)
    expect((await callback(await startLink())).headers.get('location')).toBe('/settings?strava=linked');
  });

  it('the web app gets the authorize URL as JSON over tRPC; unlink forgets the tokens (204)', async () => {
    const resHeaders = new Headers();
    const caller = createCallerFactory(appRouter)(await createTrpcContext({ req: new Request(`${BASE}/api/trpc`, { headers: auth() }), resHeaders }));
    const { authorization_url } = await caller.strava.linkUrl();
    const state = new URL(authorization_url).searchParams.get('state');
    expect(state).toMatch(/^[\w-]{43}$/);
    // the same browser binding as the REST start (CONTRACT: Strava, changed 2026-11-25)
    expect(resHeaders.get('set-cookie')).toMatch(new RegExp(`^stride_strava_state=${state}; Path=/api/v1/strava/callback; HttpOnly; SameSite=Lax`));
    const res = await unlinkRoute.DELETE(new Request(`${BASE}/api/v1/strava/unlink`, { method: 'DELETE', headers: auth() }), noParams);
    expect(res.status).toBe(204);
    expect(await caller.strava.status()).toMatchObject({ linked: false, athlete_id: null, expires_at: null });
    expect(await database.db.select().from(stravaLinks)).toHaveLength(0);
  });
});

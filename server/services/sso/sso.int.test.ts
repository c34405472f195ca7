import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { identityProviders, sessions, userIdentities, users } from '@/db/schema';
import * as refreshRoute from '@/app/api/v1/auth/refresh/route';
import * as idpRoute from '@/app/api/v1/idp/route';
import * as idpItemRoute from '@/app/api/v1/idp/[idp_id]/route';
import * as linksRoute from '@/app/api/v1/profile/idp/route';
import * as linkItemRoute from '@/app/api/v1/profile/idp/[idp_id]/route';
import * as linkStartRoute from '@/app/api/v1/profile/idp/[idp_id]/link/route';
import * as publicIdpRoute from '@/app/api/v1/public/idp/route';
import * as callbackRoute from '@/app/api/v1/public/idp/callback/[idp_slug]/route';
import * as loginRoute from '@/app/api/v1/public/idp/login/[idp_slug]/route';
import * as ssoExchangeRoute from '@/app/api/v1/public/idp/session/[session_id]/tokens/route';
import * as passwordExchangeRoute from '@/app/api/v1/session/[session_id]/tokens/route';
import { challengeOf } from '@/server/auth/pkce';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { beginSsoAuthorization } from './begin-sso-authorization';
import { startTestIdp, type TestIdp } from '@/server/testing/oidc-idp';
import { openTestDatabase, testEngines } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { loginWithPassword } from '../auth/login-with-password';
import { createUser } from '../users/create-user';

// CONTRACT: Single sign-on end to end through the REST adapters, against oidc-provider on
// loopback as the IdP (its own login and consent pages driven like a browser).

const PUBLIC_URL = 'http://127.0.0.1:3000';
const SLUGS = ['acme', 'closed', 'plain-oauth'];
const VERIFIER = 'v'.repeat(20) + '-verifier-for-the-mobile-app-0123456789';
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
let peer = 0;
let idp: TestIdp;

function call(
  handler: Handler,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; params?: Record<string, string> } = {},
) {
  peer += 1;
  const headers: Record<string, string> = { 'x-stride-peer': `10.7.${Math.floor(peer / 250) % 250}.${peer % 250}`, ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const request = new Request(PUBLIC_URL + path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return handler(request, { params: Promise.resolve(init.params ?? {}) });
}

function cookieValue(response: Response, name: string): string | null {
  const line = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return line ? line.slice(name.length + 1).split(';')[0]! : null;
}

beforeAll(async () => {
  idp = await startTestIdp({ redirectUris: SLUGS.map((s) => `${PUBLIC_URL}/api/v1/public/idp/callback/${s}`) });
});
afterAll(() => idp.close());

describe.each(testEngines())('single sign-on on %s', (engine) => {
  let database: Database;
  let admin: string;
  let acmeId: number;

  const bearer = (token: string, clientType = 'mobile') => ({ authorization: `Bearer ${token}`, 'x-client-type': clientType });
  const providerBody = (slug: string, extra: Record<string, unknown> = {}) => ({
    name: `IdP ${slug}`,
    slug,
    issuer_url: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    ...extra,
  });

  async function tokenFor(username: string, password: string, clientType: 'web' | 'mobile' = 'mobile') {
    const result = await loginWithPassword(database.db, { username, password, origin: { clientType, ipAddress: null, userAgent: 'vitest' } });
    if (result.kind !== 'tokens') throw new Error('expected tokens');
    return result.tokens;
  }

  /** Starts a web login, signs in on the IdP, and calls our callback as the same browser. */
  async function webSignIn(slug: string, login: string, options: { redirect?: string; alterUrl?: (url: URL) => void; withCookie?: boolean } = {}) {
    const query = options.redirect ? `?redirect=${encodeURIComponent(options.redirect)}` : '';
    const started = await call(loginRoute.GET, `/api/v1/public/idp/login/${slug}${query}`, { params: { idp_slug: slug } });
    expect(started.status).toBe(302);
    const state = cookieValue(started, 'stride_sso_state');
    const authorizationUrl = new URL(started.headers.get('location')!);
    options.alterUrl?.(authorizationUrl);
    const back = await idp.signIn(authorizationUrl.toString(), login);
    const cookie: Record<string, string> = options.withCookie === false ? {} : { cookie: `stride_sso_state=${state}` };
    const response = await call(callbackRoute.GET, back.pathname + back.search, { params: { idp_slug: slug }, headers: cookie });
    return { started, authorizationUrl, back, response, cookie };
  }

  const sessionCount = async () => (await database.db.select({ n: count() }).from(sessions))[0]!.n;
  const expectRefusal = (response: Response, reason: string, page = '/sign-in') => {
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${PUBLIC_URL}${page}?sso=error&reason=${reason}`);
    expect(cookieValue(response, 'service_refresh_token')).toBeNull();
  };

  beforeAll(async () => {
    useTestEnv({ PUBLIC_URL, ALLOWED_REDIRECT_SCHEMES: 'stride-app' });
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    await createUser(database.db, { username: 'root', email: null, name: 'Root', password: 'root-password-1', access_type: 'admin' });
    admin = (await tokenFor('root', 'root-password-1')).accessToken;
  });
  afterAll(() => database.close());

  it('admin creates a provider by OIDC discovery; the client secret is sealed and never returned', async () => {
    const created = await call(idpRoute.POST, '/api/v1/idp', { method: 'POST', headers: bearer(admin), body: providerBody('acme') });
    expect(created.status).toBe(201);
    const text = await created.text();
    expect(text).not.toContain(idp.clientSecret);
    const record = JSON.parse(text);
    expect(record).not.toHaveProperty('client_secret');
    acmeId = record.id;
    expect(record).toMatchObject({
      slug: 'acme',
      enabled: true,
      issuer_url: idp.issuer,
      authorization_endpoint: `${idp.issuer}/auth`,
      token_endpoint: `${idp.issuer}/token`,
      userinfo_endpoint: `${idp.issuer}/me`,
      scopes: 'openid profile email',
      auto_create_users: true,
    });
    const [row] = await database.db.select().from(identityProviders).where(eq(identityProviders.id, acmeId));
    expect(row!.clientSecretSealed).toMatch(/^v1\./);
    expect(row!.clientSecretSealed).not.toContain(idp.clientSecret);
    const list = await call(idpRoute.GET, '/api/v1/idp', { headers: bearer(admin) });
    expect(await list.text()).not.toContain(idp.clientSecret);
  });

  it('admin only: no token 401, a regular user 403; duplicate slug 409; http issuer off loopback 422', async () => {
    await createUser(database.db, { username: 'plain', email: null, name: '', password: 'plain-password-1', access_type: 'regular' });
    const regular = (await tokenFor('plain', 'plain-password-1')).accessToken;
    expect((await call(idpRoute.GET, '/api/v1/idp', { headers: { 'x-client-type': 'mobile' } })).status).toBe(401);
    expect((await call(idpRoute.GET, '/api/v1/idp', { headers: bearer(regular) })).status).toBe(403);
    expect((await call(idpRoute.POST, '/api/v1/idp', { method: 'POST', headers: bearer(regular), body: providerBody('x') })).status).toBe(403);
    expect(
      (await call(idpItemRoute.DELETE, `/api/v1/idp/${acmeId}`, { method: 'DELETE', headers: bearer(regular), params: { idp_id: String(acmeId) } })).status,
    ).toBe(403);
    expect((await call(idpRoute.POST, '/api/v1/idp', { method: 'POST', headers: bearer(admin), body: providerBody('acme') })).status).toBe(409);
    const insecure = await call(idpRoute.POST, '/api/v1/idp', {
      method: 'POST',
      headers: bearer(admin),
      body: providerBody('far', { issuer_url: 'http://idp.example' }),
    });
    expect(insecure.status).toBe(422);
    const unreachable = await call(idpRoute.POST, '/api/v1/idp', {
      method: 'POST',
      headers: bearer(admin),
      body: providerBody('gone', { issuer_url: 'http://127.0.0.1:9/' }),
    });
    expect(unreachable.status).toBe(424);
  });

  it('PUT replaces the record and an omitted client_secret keeps the stored one', async () => {
    const { client_secret: _omitted, ...withoutSecret } = providerBody('acme', { name: 'Acme Login' });
    const updated = await call(idpItemRoute.PUT, `/api/v1/idp/${acmeId}`, {
      method: 'PUT',
      headers: bearer(admin),
      body: withoutSecret,
      params: { idp_id: String(acmeId) },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ name: 'Acme Login', has_client_secret: true });
    const listed = await (await call(publicIdpRoute.GET, '/api/v1/public/idp')).json();
    expect(listed).toEqual([{ id: acmeId, name: 'Acme Login', slug: 'acme' }]);
  });

  it('web sign-in: PKCE S256, state and nonce toward the IdP; refresh cookie and redirect, no token in the URL', async () => {
    const before = await sessionCount();
    const { authorizationUrl, started, response } = await webSignIn('acme', 'alice', { redirect: '/activities?type=run' });
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authorizationUrl.searchParams.get('state')).toBe(cookieValue(started, 'stride_sso_state'));
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v1/public/idp/callback/acme`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${PUBLIC_URL}/activities?type=run`);
    const refresh = cookieValue(response, 'service_refresh_token');
    expect(refresh).toBeTruthy();
    expect(await sessionCount()).toBe(before + 1);
    const restored = await call(refreshRoute.POST, '/api/v1/auth/refresh', {
      method: 'POST',
      headers: { 'x-client-type': 'web', cookie: `service_refresh_token=${refresh}` },
    });
    expect(restored.status).toBe(200);
    const [user] = await database.db.select().from(users).where(eq(users.username, 'alice'));
    expect(user).toMatchObject({ email: 'alice@idp.example', name: 'Person alice', passwordHash: null, accessType: 'regular' });
    // the same (provider, sub) signs in to the same user; the default redirect is /activities
    const again = await webSignIn('acme', 'alice');
    expect(again.response.headers.get('location')).toBe(`${PUBLIC_URL}/activities`);
    expect(await database.db.select({ n: count() }).from(users).where(eq(users.name, 'Person alice'))).toEqual([{ n: 1 }]);
  });

  it('a replayed state, or a callback from another browser, is refused without a session', async () => {
    const first = await webSignIn('acme', 'alice');
    const before = await sessionCount();
    const replay = await call(callbackRoute.GET, first.back.pathname + first.back.search, { params: { idp_slug: 'acme' }, headers: first.cookie });
    expectRefusal(replay, 'state_invalid');
    const noCookie = await webSignIn('acme', 'alice', { withCookie: false });
    expectRefusal(noCookie.response, 'state_invalid');
    const forged = await call(callbackRoute.GET, '/api/v1/public/idp/callback/acme?code=abc&state=made-up', { params: { idp_slug: 'acme' } });
    expectRefusal(forged, 'state_invalid');
    expect(await sessionCount()).toBe(before);
  });

  it('of two callbacks racing with one state exactly one signs in', async () => {
    const started = await call(loginRoute.GET, '/api/v1/public/idp/login/acme', { params: { idp_slug: 'acme' } });
    const back = await idp.signIn(started.headers.get('location')!, 'alice');
    const headers = { cookie: `stride_sso_state=${cookieValue(started, 'stride_sso_state')}` };
    const results = await Promise.all([1, 2].map(() => call(callbackRoute.GET, back.pathname + back.search, { params: { idp_slug: 'acme' }, headers })));
    const locations = results.map((r) => r.headers.get('location')).sort();
    expect(locations).toEqual([`${PUBLIC_URL}/activities`, `${PUBLIC_URL}/sign-in?sso=error&reason=state_invalid`]);
  });

  it('spec Limits: /public/idp/login/{slug} allows 10 requests a minute per address', async () => {
    const from = { 'x-stride-peer': '198.51.100.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await loginRoute.GET(new Request(`${PUBLIC_URL}/api/v1/public/idp/login/acme`, { headers: from }), { params: Promise.resolve({ idp_slug: 'acme' }) }))
          .status,
      );
    expect(statuses).toEqual([...Array(10).fill(302), 429]);
  });

  it('an IdP that answers an error ends on the sign-in page with the reason', async () => {
    const started = await call(loginRoute.GET, '/api/v1/public/idp/login/acme', { params: { idp_slug: 'acme' } });
    const back = await idp.cancel(started.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const response = await call(callbackRoute.GET, back.pathname + back.search, {
      params: { idp_slug: 'acme' },
      headers: { cookie: `stride_sso_state=${cookieValue(started, 'stride_sso_state')}` },
    });
    expectRefusal(response, 'idp_error');
  });

  it('an ID token with a wrong nonce, audience or expiry is refused', async () => {
    const before = await sessionCount();
    const wrongNonce = await webSignIn('acme', 'alice', { alterUrl: (url) => url.searchParams.set('nonce', 'not-the-nonce-we-sent') });
    expectRefusal(wrongNonce.response, 'token_invalid');
    try {
      idp.tamperIdToken = (claims) => ({ ...claims, aud: 'some-other-client' });
      expectRefusal((await webSignIn('acme', 'alice')).response, 'token_invalid');
      idp.tamperIdToken = (claims) => ({ ...claims, exp: Math.floor(Date.now() / 1000) - 600, iat: Math.floor(Date.now() / 1000) - 1200 });
      expectRefusal((await webSignIn('acme', 'alice')).response, 'token_invalid');
      idp.tamperIdToken = (claims) => ({ ...claims, iss: 'http://127.0.0.1:1' });
      expectRefusal((await webSignIn('acme', 'alice')).response, 'token_invalid');
    } finally {
      idp.tamperIdToken = null;
    }
    expect(await sessionCount()).toBe(before);
  });

  it('every redirect rule at the login endpoint (400 problems); an unknown slug is 404', async () => {
    for (const bad of [
      'https://evil.example/',
      'http://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/../x',
      '/%2e%2e/x',
      '/a%0d%0ab',
      'data:text/html,x',
      'javascript:alert(1)',
      'other-app://cb',
      'activities',
    ]) {
      const response = await call(loginRoute.GET, `/api/v1/public/idp/login/acme?redirect=${encodeURIComponent(bad)}`, { params: { idp_slug: 'acme' } });
      expect(response.status, bad).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    }
    const custom = await call(
      loginRoute.GET,
      `/api/v1/public/idp/login/acme?redirect=${encodeURIComponent('stride-app://callback')}&code_challenge=${challengeOf(VERIFIER)}&code_challenge_method=S256`,
      { params: { idp_slug: 'acme' } },
    );
    expect(custom.status).toBe(302);
    const unknown = await call(loginRoute.GET, '/api/v1/public/idp/login/nope', { params: { idp_slug: 'nope' } });
    expect(unknown.status).toBe(404);
  });

  it('a web flow takes no custom scheme, so no redirect leaves PUBLIC_URL (stride-app:@evil.example/ is 400)', async () => {
    for (const bad of ['stride-app:@evil.example/', 'stride-app://callback', 'STRIDE-APP:@evil.example']) {
      const response = await call(loginRoute.GET, `/api/v1/public/idp/login/acme?redirect=${encodeURIComponent(bad)}`, { params: { idp_slug: 'acme' } });
      expect(response.status, bad).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get('location')).toBeNull();
    }
    // the same value stays acceptable to a mobile flow (its app handles the scheme)
    const mobile = await call(
      loginRoute.GET,
      `/api/v1/public/idp/login/acme?redirect=${encodeURIComponent('stride-app:@evil.example/')}&code_challenge=${challengeOf(VERIFIER)}&code_challenge_method=S256`,
      { params: { idp_slug: 'acme' } },
    );
    expect(mobile.status).toBe(302);
    // a same-origin path still lands on PUBLIC_URL's origin after sign-in
    const { response } = await webSignIn('acme', 'alice', { redirect: '/settings?tab=2' });
    const target = new URL(response.headers.get('location')!);
    expect(target.origin).toBe(new URL(PUBLIC_URL).origin);
    expect(target.pathname + target.search).toBe('/settings?tab=2');
  });

  it('mobile: its own code_challenge is required (S256 only); the callback hands out a PKCE session, exchanged once', async () => {
    const path = '/api/v1/public/idp/login/acme';
    expect((await call(loginRoute.GET, path, { params: { idp_slug: 'acme' }, headers: { 'x-client-type': 'mobile' } })).status).toBe(400);
    expect(
      (await call(loginRoute.GET, `${path}?code_challenge=${challengeOf(VERIFIER)}&code_challenge_method=plain`, { params: { idp_slug: 'acme' } })).status,
    ).toBe(400);
    expect((await call(loginRoute.GET, `${path}?code_challenge=${challengeOf(VERIFIER)}`, { params: { idp_slug: 'acme' } })).status).toBe(400);

    const redirect = encodeURIComponent('stride-app://callback');
    const started = await call(loginRoute.GET, `${path}?redirect=${redirect}&code_challenge=${challengeOf(VERIFIER)}&code_challenge_method=S256`, {
      params: { idp_slug: 'acme' },
    });
    expect(started.status).toBe(302);
    expect(cookieValue(started, 'stride_sso_state')).toBeNull();
    const back = await idp.signIn(started.headers.get('location')!, 'mona');
    const done = await call(callbackRoute.GET, back.pathname + back.search, { params: { idp_slug: 'acme' } });
    expect(done.headers.getSetCookie()).toEqual([]);
    const location = new URL(done.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(`${PUBLIC_URL}/login`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      sso: 'success',
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      redirect: 'stride-app://callback',
      external_redirect: 'true',
    });
    const sessionId = location.searchParams.get('session_id')!;

    const exchange = (id: string, verifier = VERIFIER) =>
      call(ssoExchangeRoute.POST, `/api/v1/public/idp/session/${id}/tokens`, {
        method: 'POST',
        headers: { 'x-client-type': 'mobile' },
        body: { code_verifier: verifier },
        params: { session_id: id },
      });
    // a password-login PKCE path never exchanges an SSO session
    const wrongPath = await call(passwordExchangeRoute.POST, `/api/v1/session/${sessionId}/tokens`, {
      method: 'POST',
      headers: { 'x-client-type': 'mobile' },
      body: { code_verifier: VERIFIER },
      params: { session_id: sessionId },
    });
    expect(wrongPath.status).toBe(404);
    expect((await exchange(sessionId, 'w'.repeat(43))).status).toBe(400);
    const tokens = await exchange(sessionId);
    expect(tokens.status).toBe(200);
    expect(await tokens.json()).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      csrf_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
    });
    expect((await exchange(sessionId)).status).toBe(409);
    expect((await exchange('00000000-0000-4000-8000-000000000000')).status).toBe(404);

    // a relative redirect carries no external_redirect
    const plain = await call(loginRoute.GET, `${path}?redirect=%2Factivities&code_challenge=${challengeOf(VERIFIER)}&code_challenge_method=S256`, {
      params: { idp_slug: 'acme' },
    });
    const plainBack = await idp.signIn(plain.headers.get('location')!, 'mona');
    const plainDone = new URL(
      (await call(callbackRoute.GET, plainBack.pathname + plainBack.search, { params: { idp_slug: 'acme' } })).headers.get('location')!,
    );
    expect(plainDone.searchParams.get('redirect')).toBe('/activities');
    expect(plainDone.searchParams.has('external_redirect')).toBe(false);
  });

  it('linking: by (provider, sub) only; never by e-mail; a sub linked to one user cannot link another; unlinking rules', async () => {
    // a local user whose e-mail equals the IdP account's: signing in as "carol" makes a separate user
    const carol = await createUser(database.db, {
      username: 'carol',
      email: 'carol@idp.example',
      name: 'Carol',
      password: 'carol-password-1',
      access_type: 'regular',
    });
    await webSignIn('acme', 'carol');
    const created = await database.db.select().from(users).where(eq(users.name, 'Person carol'));
    expect(created).toHaveLength(1);
    expect(created[0]!.id).not.toBe(carol.id);
    expect(created[0]!.email).toBeNull();

    // carol links "dave" from her settings; then signing in as dave is carol
    const web = await tokenFor('carol', 'carol-password-1', 'web');
    const link = await call(linkStartRoute.GET, `/api/v1/profile/idp/${acmeId}/link`, {
      headers: bearer(web.accessToken, 'web'),
      params: { idp_id: String(acmeId) },
    });
    expect(link.status).toBe(200);
    const { authorization_url } = await link.json();
    const back = await idp.signIn(authorization_url, 'dave');
    const linked = await call(callbackRoute.GET, back.pathname + back.search, {
      params: { idp_slug: 'acme' },
      headers: { cookie: `stride_sso_state=${cookieValue(link, 'stride_sso_state')}` },
    });
    expect(linked.headers.get('location')).toBe(`${PUBLIC_URL}/settings/security?sso=linked`);
    const links = await (await call(linksRoute.GET, '/api/v1/profile/idp', { headers: bearer(web.accessToken, 'web') })).json();
    expect(links).toEqual([{ id: expect.any(String), idp_id: acmeId, name: 'Acme Login', slug: 'acme', linked_at: expect.any(String) }]);
    const asDave = await webSignIn('acme', 'dave');
    expect(asDave.response.headers.get('location')).toBe(`${PUBLIC_URL}/activities`);
    const [daveLink] = await database.db.select().from(userIdentities).where(eq(userIdentities.subject, 'dave'));
    expect(daveLink!.userId).toBe(carol.id);

    // "alice" (another user's sub) cannot be linked to carol
    const mobile = (await tokenFor('carol', 'carol-password-1')).accessToken;
    await call(linkItemRoute.DELETE, `/api/v1/profile/idp/${acmeId}`, { method: 'DELETE', headers: bearer(mobile), params: { idp_id: String(acmeId) } });
    const again = await call(linkStartRoute.GET, `/api/v1/profile/idp/${acmeId}/link`, {
      headers: bearer(web.accessToken, 'web'),
      params: { idp_id: String(acmeId) },
    });
    const aliceBack = await idp.signIn((await again.json()).authorization_url, 'alice');
    expectRefusal(
      await call(callbackRoute.GET, aliceBack.pathname + aliceBack.search, {
        params: { idp_slug: 'acme' },
        headers: { cookie: `stride_sso_state=${cookieValue(again, 'stride_sso_state')}` },
      }),
      'already_linked',
      '/settings/security',
    );

    // unlink: 404 when not linked; the last way to sign in of an SSO-only user is refused (400)
    expect(
      (await call(linkItemRoute.DELETE, `/api/v1/profile/idp/${acmeId}`, { method: 'DELETE', headers: bearer(mobile), params: { idp_id: String(acmeId) } }))
        .status,
    ).toBe(404);
    const mobileSso = await call(loginRoute.GET, `/api/v1/public/idp/login/acme?code_challenge=${challengeOf(VERIFIER)}&code_challenge_method=S256`, {
      params: { idp_slug: 'acme' },
    });
    const erinBack = await idp.signIn(mobileSso.headers.get('location')!, 'erin');
    const erinSession = new URL(
      (await call(callbackRoute.GET, erinBack.pathname + erinBack.search, { params: { idp_slug: 'acme' } })).headers.get('location')!,
    ).searchParams.get('session_id')!;
    const erin = await (
      await call(ssoExchangeRoute.POST, `/api/v1/public/idp/session/${erinSession}/tokens`, {
        method: 'POST',
        headers: { 'x-client-type': 'mobile' },
        body: { code_verifier: VERIFIER },
        params: { session_id: erinSession },
      })
    ).json();
    const refused = await call(linkItemRoute.DELETE, `/api/v1/profile/idp/${acmeId}`, {
      method: 'DELETE',
      headers: bearer(erin.access_token),
      params: { idp_id: String(acmeId) },
    });
    expect(refused.status).toBe(400);
    expect((await call(linksRoute.GET, '/api/v1/profile/idp', { headers: bearer(erin.access_token) }).then((r) => r.json())).length).toBe(1);
  });

  it("a link is bound to the browser that starts it: a mobile start is refused, and a victim's browser links nothing", async () => {
    const owner = await createUser(database.db, { username: 'mallory', email: null, name: 'Mallory', password: 'mallory-password-1', access_type: 'regular' });
    const mobile = (await tokenFor('mallory', 'mallory-password-1')).accessToken;
    const refused = await call(linkStartRoute.GET, `/api/v1/profile/idp/${acmeId}/link`, { headers: bearer(mobile), params: { idp_id: String(acmeId) } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');

    // a web start sets the cookie in the attacker's browser; the victim who opens the URL has none
    const web = (await tokenFor('mallory', 'mallory-password-1', 'web')).accessToken;
    const started = await call(linkStartRoute.GET, `/api/v1/profile/idp/${acmeId}/link`, { headers: bearer(web, 'web'), params: { idp_id: String(acmeId) } });
    expect(started.headers.getSetCookie().find((c) => c.startsWith('stride_sso_state='))).toMatch(/HttpOnly; SameSite=Lax/);
    const victimBack = await idp.signIn((await started.json()).authorization_url, 'victor');
    expectRefusal(
      await call(callbackRoute.GET, victimBack.pathname + victimBack.search, { params: { idp_slug: 'acme' } }),
      'state_invalid',
      '/settings/security',
    );

    // a link state of the mobile kind (as stored before this fix) is checked against the browser too
    const [acme] = await database.db.select().from(identityProviders).where(eq(identityProviders.id, acmeId));
    const legacy = await beginSsoAuthorization(database.db, acme!, { clientType: 'mobile', redirect: null, codeChallenge: null, linkUserId: owner.id });
    const legacyBack = await idp.signIn(legacy.authorizationUrl, 'victor');
    expectRefusal(
      await call(callbackRoute.GET, legacyBack.pathname + legacyBack.search, { params: { idp_slug: 'acme' } }),
      'state_invalid',
      '/settings/security',
    );
    expect(await database.db.select().from(userIdentities).where(eq(userIdentities.userId, owner.id))).toEqual([]);
  });

  it('creation refused when the provider does not allow it; a disabled provider refuses at login (404) and at the callback', async () => {
    const closed = await (
      await call(idpRoute.POST, '/api/v1/idp', { method: 'POST', headers: bearer(admin), body: providerBody('closed', { auto_create_users: false }) })
    ).json();
    const before = await database.db.select({ n: count() }).from(users);
    expectRefusal((await webSignIn('closed', 'frank')).response, 'signup_disabled');
    expect(await database.db.select({ n: count() }).from(users)).toEqual(before);

    const started = await call(loginRoute.GET, '/api/v1/public/idp/login/closed', { params: { idp_slug: 'closed' } });
    const { client_secret: _s, ...body } = providerBody('closed', { auto_create_users: false, enabled: false });
    expect(
      (await call(idpItemRoute.PUT, `/api/v1/idp/${closed.id}`, { method: 'PUT', headers: bearer(admin), body, params: { idp_id: String(closed.id) } })).status,
    ).toBe(200);
    const back = await idp.signIn(started.headers.get('location')!, 'frank');
    expectRefusal(
      await call(callbackRoute.GET, back.pathname + back.search, {
        params: { idp_slug: 'closed' },
        headers: { cookie: `stride_sso_state=${cookieValue(started, 'stride_sso_state')}` },
      }),
      'provider_unavailable',
    );
    expect((await call(loginRoute.GET, '/api/v1/public/idp/login/closed', { params: { idp_slug: 'closed' } })).status).toBe(404);
    expect((await (await call(publicIdpRoute.GET, '/api/v1/public/idp')).json()).map((p: { slug: string }) => p.slug)).toEqual(['acme']);
    expect(
      (await call(idpItemRoute.DELETE, `/api/v1/idp/${closed.id}`, { method: 'DELETE', headers: bearer(admin), params: { idp_id: String(closed.id) } })).status,
    ).toBe(204);
    expect(
      (await call(idpItemRoute.DELETE, `/api/v1/idp/${closed.id}`, { method: 'DELETE', headers: bearer(admin), params: { idp_id: String(closed.id) } })).status,
    ).toBe(404);
  });

  it('a provider configured by endpoints alone (no issuer) signs in by userinfo', async () => {
    const body = providerBody('plain-oauth', {
      issuer_url: null,
      authorization_endpoint: `${idp.issuer}/auth`,
      token_endpoint: `${idp.issuer}/token`,
      userinfo_endpoint: `${idp.issuer}/me`,
    });
    const created = await call(idpRoute.POST, '/api/v1/idp', { method: 'POST', headers: bearer(admin), body });
    expect(created.status).toBe(201);
    const { response } = await webSignIn('plain-oauth', 'gina');
    expect(response.headers.get('location')).toBe(`${PUBLIC_URL}/activities`);
    const [gina] = await database.db.select().from(users).where(eq(users.name, 'Person gina'));
    expect(gina).toMatchObject({ username: 'gina', email: 'gina@idp.example' });
  });

  it('a disabled local account linked to a provider cannot sign in through it', async () => {
    await database.db.update(users).set({ active: false }).where(eq(users.username, 'alice'));
    expectRefusal((await webSignIn('acme', 'alice')).response, 'account_disabled');
    await database.db.update(users).set({ active: true }).where(eq(users.username, 'alice'));
  });
});

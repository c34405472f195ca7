import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as unknownRoute from '@/app/api/v1/[[...unknown]]/route';
import * as uploadRoute from '@/app/api/v1/activities/create/upload/route';
import * as loginRoute from '@/app/api/v1/auth/login/route';
import * as mfaVerifyRoute from '@/app/api/v1/auth/mfa/verify/route';
import * as gearsRoute from '@/app/api/v1/gears/route';
import * as profileRoute from '@/app/api/v1/profile/route';
import * as stravaSyncRoute from '@/app/api/v1/strava/activities/route';
import * as ssoExchangeRoute from '@/app/api/v1/public/idp/session/[session_id]/tokens/route';
import * as exchangeRoute from '@/app/api/v1/session/[session_id]/tokens/route';
import * as userSessionsRoute from '@/app/api/v1/sessions/user/[user_id]/route';
import { users } from '@/db/schema';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { userWithToken } from '@/server/testing/strava-double/start-strava-double';
import { useTestEnv as applyTestEnv } from '@/server/testing/test-env';
import { createSession } from '../services/sessions/create-session';

// Deviations from the spec and CONTRACT.md found by reading the code, each
// checked through the route handlers.

const BASE = 'http://127.0.0.1:3000';
const noParams = { params: Promise.resolve({}) };
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
let peer = 0;
let counter = 0;
const freshAddress = () => `198.19.${Math.floor(++peer / 250)}.${(peer % 250) + 1}`;

function request(path: string, init: { method?: string; headers?: Record<string, string>; body?: string; address?: string } = {}): Request {
  return new Request(BASE + path, {
    method: init.method ?? 'GET',
    body: init.body,
    headers: { 'x-stride-peer': init.address ?? freshAddress(), ...init.headers },
  });
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-client-type': 'mobile' },
});
const json = (value: unknown, clientType: string | null = 'mobile') => ({
  method: 'POST',
  body: JSON.stringify(value),
  headers: { 'content-type': 'application/json', ...(clientType ? { 'x-client-type': clientType } : {}) },
});

async function problem(res: Response, status: number) {
  expect(res.status, await res.clone().text()).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  return (await res.json()) as { type: string; detail: string; status: number; errors?: unknown[] };
}

describe.each(testEngines())('spec alignment of the REST adapters on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    applyTestEnv();
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
  });
  afterAll(() => database.close());

  async function signedIn(accessType: 'regular' | 'admin') {
    counter += 1;
    const [user] = await database.db
      .insert(users)
      .values({ username: `align${counter}${engine}`, accessType })
      .returning();
    const { accessToken } = await createSession(database.db, { id: user!.id, accessType }, { clientType: 'mobile', ipAddress: '198.19.0.1', userAgent: null });
    return { userId: user!.id, token: accessToken };
  }

  describe('CONTRACT: Settled details: a missing or invalid X-Client-Type on a JWT endpoint is 403', () => {
    it('403 even when the token is missing or bad too; with a good header the token decides (401)', async () => {
      useDatabaseForTests(database);
      const noHeaderNoToken = await profileRoute.GET(request('/api/v1/profile'), noParams);
      expect((await problem(noHeaderNoToken, 403)).detail).toMatch(/web.*mobile/);
      const desktopBadToken = await profileRoute.GET(
        request('/api/v1/profile', { headers: { 'x-client-type': 'desktop', authorization: 'Bearer not.a.token' } }),
        noParams,
      );
      expect((await problem(desktopBadToken, 403)).type).toBe('urn:service:error:permission-denied');
      await problem(
        await profileRoute.GET(request('/api/v1/profile', { headers: { 'x-client-type': 'mobile', authorization: 'Bearer not.a.token' } }), noParams),
        401,
      );
    });

    it('requests refused for their X-Client-Type are still counted per address: the 121st is 429', async () => {
      useDatabaseForTests(database);
      const address = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 121; i++)
        statuses.push((await profileRoute.GET(request('/api/v1/profile', { address, headers: { authorization: 'Bearer not.a.token' } }), noParams)).status);
      expect(statuses.slice(0, 120).every((s) => s === 403)).toBe(true);
      expect(statuses[120]).toBe(429);
    });

    it('spec: Authentication mode 2: an API-key upload needs no X-Client-Type, so an unknown key is 401, not 403', async () => {
      useDatabaseForTests(database);
      const res = await uploadRoute.POST(
        request('/api/v1/activities/create/upload', { method: 'POST', headers: { 'x-api-key': 'stride_unknownkey' } }),
        noParams,
      );
      expect((await problem(res, 401)).type).toBe('urn:service:error:unauthorized');
    });
  });

  describe('spec: Errors, typical causes of 400: missing fields in the sign-in forms', () => {
    it('login without username or password, or with blank ones, or with no body → 400 invalid-input naming them', async () => {
      useDatabaseForTests(database);
      const none = await problem(await loginRoute.POST(request('/api/v1/auth/login', form({})), noParams), 400);
      expect(none.type).toBe('urn:service:error:invalid-input');
      expect(none.detail).toMatch(/username.*password/);
      const blank = await problem(await loginRoute.POST(request('/api/v1/auth/login', form({ username: 'someone', password: '' })), noParams), 400);
      expect(blank.detail).toMatch(/password/);
      expect(blank.detail).not.toMatch(/username/);
      const empty = request('/api/v1/auth/login', { method: 'POST', headers: { 'x-client-type': 'mobile' } });
      expect((await problem(await loginRoute.POST(empty, noParams), 400)).type).toBe('urn:service:error:invalid-input');
    });

    it('a field that is present but invalid stays 422 with errors[] (CONTRACT: Errors)', async () => {
      useDatabaseForTests(database);
      const tooLong = await problem(await loginRoute.POST(request('/api/v1/auth/login', form({ username: 'u'.repeat(300), password: 'x' })), noParams), 422);
      expect(tooLong.errors).toEqual([expect.objectContaining({ field: '/username' })]);
    });

    it('MFA verify without mfa_code and the PKCE exchange without code_verifier → 400 invalid-input', async () => {
      useDatabaseForTests(database);
      const mfa = await problem(await mfaVerifyRoute.POST(request('/api/v1/auth/mfa/verify', json({ username: 'someone' })), noParams), 400);
      expect(mfa.detail).toMatch(/mfa_code/);
      const session = { params: Promise.resolve({ session_id: crypto.randomUUID() }) };
      const exchange = await problem(await exchangeRoute.POST(request('/api/v1/session/x/tokens', json({})), session), 400);
      expect(exchange.detail).toMatch(/code_verifier/);
    });
  });

  describe('spec: Errors: missing fields are a 400 naming them on every body and query, not only the sign-in forms', () => {
    it('POST /gears without nickname, GET /strava/activities without end_date, an upload without its file → 400 invalid-input naming them', async () => {
      useDatabaseForTests(database);
      const { accessToken } = await userWithToken(database.db, `missing-fields-${engine}`);
      const bearer = { authorization: `Bearer ${accessToken}` };
      const gear = await problem(
        await gearsRoute.POST(request('/api/v1/gears', { ...json({ gear_type: 'bike' }), headers: { ...json({}).headers, ...bearer } }), noParams),
        400,
      );
      expect(gear).toMatchObject({ type: 'urn:service:error:invalid-input', detail: 'Missing fields: nickname.' });
      expect(gear.errors).toBeUndefined();
      const sync = await problem(
        await stravaSyncRoute.GET(request('/api/v1/strava/activities?start_date=2025-01-01', { headers: { ...bearer, 'x-client-type': 'mobile' } }), noParams),
        400,
      );
      expect(sync.detail).toBe('Missing fields: end_date.');
      const neither = await problem(
        await stravaSyncRoute.GET(request('/api/v1/strava/activities', { headers: { ...bearer, 'x-client-type': 'mobile' } }), noParams),
        400,
      );
      expect(neither.detail).toBe('Missing fields: start_date, end_date.');
      const boundary = 'x-boundary';
      const noFile = `--${boundary}\r\ncontent-disposition: form-data; name="other"\r\n\r\nvalue\r\n--${boundary}--\r\n`;
      const upload = await problem(
        await uploadRoute.POST(
          request('/api/v1/activities/create/upload', {
            method: 'POST',
            body: noFile,
            headers: { ...bearer, 'x-client-type': 'mobile', 'content-type': `multipart/form-data; boundary=${boundary}` },
          }),
          noParams,
        ),
        400,
      );
      expect(upload.detail).toMatch(/^Missing fields: file/);
    });

    it('present fields with wrong values stay 422 with errors[] naming them', async () => {
      useDatabaseForTests(database);
      const { accessToken } = await userWithToken(database.db, `wrong-values-${engine}`);
      const bearer = { authorization: `Bearer ${accessToken}` };
      const gear = await problem(
        await gearsRoute.POST(
          request('/api/v1/gears', { ...json({ nickname: 'Roadie', gear_type: 'boat' }), headers: { ...json({}).headers, ...bearer } }),
          noParams,
        ),
        422,
      );
      expect(gear.errors).toEqual([expect.objectContaining({ field: '/gear_type' })]);
      const sync = await problem(
        await stravaSyncRoute.GET(
          request('/api/v1/strava/activities?start_date=2025-01-01&end_date=yesterday', { headers: { ...bearer, 'x-client-type': 'mobile' } }),
          noParams,
        ),
        422,
      );
      expect(sync.errors).toEqual([expect.objectContaining({ field: '/end_date' })]);
    });
  });

  describe('spec: Login and tokens: the PKCE exchanges are sent with X-Client-Type: mobile', () => {
    it('web → 400 invalid client type; missing → 403; mobile reaches the session lookup (404 for an unknown one)', async () => {
      useDatabaseForTests(database);
      for (const route of [exchangeRoute, ssoExchangeRoute]) {
        const session = () => ({ params: Promise.resolve({ session_id: crypto.randomUUID() }) });
        const web = await problem(await route.POST(request('/api/v1/session/x/tokens', json({ code_verifier: VERIFIER }, 'web')), session()), 400);
        expect(web.detail).toMatch(/client type/i);
        await problem(await route.POST(request('/api/v1/session/x/tokens', json({ code_verifier: VERIFIER }, null)), session()), 403);
        await problem(await route.POST(request('/api/v1/session/x/tokens', json({ code_verifier: VERIFIER })), session()), 404);
      }
    });
  });

  describe('spec: Errors, typical causes of 404: "user not found"', () => {
    it('an administrator listing the sessions of an unknown user → 404; a regular user asking for another → 403', async () => {
      useDatabaseForTests(database);
      const admin = await signedIn('admin');
      const regular = await signedIn('regular');
      const list = (token: string, userId: number) =>
        userSessionsRoute.GET(request(`/api/v1/sessions/user/${userId}`, { headers: { authorization: `Bearer ${token}`, 'x-client-type': 'mobile' } }), {
          params: Promise.resolve({ user_id: String(userId) }),
        });
      const unknownId = regular.userId + 100_000;
      expect((await problem(await list(admin.token, unknownId), 404)).type).toBe('urn:service:error:not-found');
      const others = await list(admin.token, regular.userId);
      expect(others.status).toBe(200);
      expect(await others.json()).toHaveLength(1);
      await problem(await list(regular.token, unknownId), 403);
    });
  });

  describe('CONTRACT: Errors: unknown paths under /api/v1 answer a 404 problem', () => {
    it('the catch-all answers /api/v1 itself, /api/v1/ and deeper unknown paths', async () => {
      for (const path of ['/api/v1', '/api/v1/', '/api/v1/no/such']) {
        const res = await unknownRoute.GET(request(path), noParams);
        expect((await problem(res, 404)).type).toBe('urn:service:error:not-found');
      }
    });
  });
});

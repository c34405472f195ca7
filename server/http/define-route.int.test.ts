import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '@/db/client';
import * as loginRoute from '@/app/api/v1/auth/login/route';
import * as unknownRoute from '@/app/api/v1/[[...unknown]]/route';
import * as healthRoute from '@/app/api/v1/health/route';
import * as profileRoute from '@/app/api/v1/profile/route';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { openTestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { ensureAdminUser } from '../services/users/ensure-admin-user';
import { defineRoute } from './define-route';
import { routes } from './routes';

const BASE = 'http://127.0.0.1:3000';
const noParams = { params: Promise.resolve({}) };
let database: Database;
let peer = 0;

function request(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Request {
  peer += 1;
  return new Request(BASE + path, { ...init, headers: { 'x-stride-peer': `10.1.0.${peer % 250}`, ...init.headers } });
}

async function problem(res: Response, status: number, path: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  const body = await res.json();
  expect(body.status).toBe(status);
  expect(body.instance).toBe(path);
  expect(body.request_id).toBe(res.headers.get('x-request-id'));
  return body;
}

beforeAll(async () => {
  useTestEnv({ ADMIN_PASSWORD: 'Admin-Password-1' });
  resetRateLimitStateForTests();
  database = await openTestDatabase('pglite');
  await ensureAdminUser(database.db, { username: 'admin', password: 'Admin-Password-1' });
  useDatabaseForTests(database);
});
afterAll(async () => database.close());

describe('the route wrapper answers problems for every kind of bad request', () => {
  it('an unknown /api/v1 path → 404 problem, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await unknownRoute[method](request('/api/v1/no/such/thing', { method }), noParams);
      expect((await problem(res, 404, '/api/v1/no/such/thing')).type).toBe('urn:service:error:not-found');
    }
  });

  it('a known path with the wrong method → 405 with Allow', async () => {
    const res = await loginRoute.GET(request('/api/v1/auth/login'), noParams);
    expect((await problem(res, 405, '/api/v1/auth/login')).type).toBe('urn:service:error:method-not-allowed');
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('a JSON body on the form-only login → 415; malformed JSON → 400; a field of the wrong type → 422 with errors[]', async () => {
    const json = await loginRoute.POST(
      request('/api/v1/auth/login', {
        method: 'POST',
        body: '{"username":"admin"}',
        headers: { 'content-type': 'application/json', 'x-client-type': 'mobile' },
      }),
      noParams,
    );
    await problem(json, 415, '/api/v1/auth/login');
    const login = await loginRoute.POST(
      request('/api/v1/auth/login', {
        method: 'POST',
        body: 'username=admin&password=Admin-Password-1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-client-type': 'mobile' },
      }),
      noParams,
    );
    const { access_token } = await login.json();
    const auth = { authorization: `Bearer ${access_token}`, 'x-client-type': 'mobile', 'content-type': 'application/json' };
    const malformed = await profileRoute.PUT(request('/api/v1/profile', { method: 'PUT', body: '{"name": ', headers: auth }), noParams);
    expect((await problem(malformed, 400, '/api/v1/profile')).detail).toMatch(/JSON/);
    const invalid = await profileRoute.PUT(request('/api/v1/profile', { method: 'PUT', body: '{"max_heart_rate":"fast","nope":1}', headers: auth }), noParams);
    const body = await problem(invalid, 422, '/api/v1/profile');
    expect(body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['/max_heart_rate']));
  });

  it('X-Client-Type missing or other on a JWT route → 403 naming web and mobile; no token → 401', async () => {
    const noToken = await profileRoute.GET(request('/api/v1/profile', { headers: { 'x-client-type': 'mobile' } }), noParams);
    await problem(noToken, 401, '/api/v1/profile');
    const login = await loginRoute.POST(
      request('/api/v1/auth/login', {
        method: 'POST',
        body: 'username=admin&password=Admin-Password-1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-client-type': 'mobile' },
      }),
      noParams,
    );
    const { access_token } = await login.json();
    const desktop = await profileRoute.GET(
      request('/api/v1/profile', { headers: { authorization: `Bearer ${access_token}`, 'x-client-type': 'desktop' } }),
      noParams,
    );
    expect((await problem(desktop, 403, '/api/v1/profile')).detail).toMatch(/web.*mobile/);
  });

  it('a thrown bug → 500 problem with a generic detail and no stack', async () => {
    const buggy = routes({
      GET: defineRoute({
        doc: { summary: 'a route that throws', responses: {} },
        auth: 'public',
        tier: 'DEFAULT',
        query: z.object({}),
        handler: async () => {
          throw new TypeError('secret internals at /srv/server/thing.ts:12');
        },
      }),
    });
    const res = await buggy.GET(request('/api/v1/buggy'), noParams);
    const body = await problem(res, 500, '/api/v1/buggy');
    expect(body.type).toBe('urn:service:error:internal-error');
    expect(JSON.stringify(body)).not.toMatch(/secret internals|thing\.ts|stack/);
  });

  it('GET /health answers status, version and database, and echoes X-Request-ID', async () => {
    const res = await healthRoute.GET(request('/api/v1/health', { headers: { 'x-request-id': 'probe-1' } }), noParams);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('probe-1');
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok', version: expect.any(String) });
  });

  it('GET /health → 503 problem when the database does not answer', async () => {
    const broken = await openTestDatabase('pglite');
    await broken.close();
    useDatabaseForTests(broken);
    try {
      const res = await healthRoute.GET(request('/api/v1/health'), noParams);
      expect((await problem(res, 503, '/api/v1/health')).type).toBe('urn:service:error:service-unavailable');
    } finally {
      useDatabaseForTests(database);
    }
  });
});

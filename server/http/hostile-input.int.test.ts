import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import * as loginRoute from '@/app/api/v1/auth/login/route';
import * as refreshRoute from '@/app/api/v1/auth/refresh/route';
import * as logoutRoute from '@/app/api/v1/auth/logout/route';
import * as profileRoute from '@/app/api/v1/profile/route';
import * as apiKeysRoute from '@/app/api/v1/profile/api_keys/route';
import * as exchangeRoute from '@/app/api/v1/session/[session_id]/tokens/route';
import * as mfaVerifyRoute from '@/app/api/v1/auth/mfa/verify/route';
import { useDatabaseForTests } from '@/server/runtime';
import { openTestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';

// Bad input (wrong types, huge fields, unknown users, garbage tokens and cookies,
// malformed codes and verifiers) gets a 4xx problem; nothing ever answers 500.

let database: Database;
let peer = 0;
const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });

beforeAll(async () => {
  useTestEnv({ RATE_LIMIT_ENABLED: 'false' });
  database = await openTestDatabase('pglite');
  useDatabaseForTests(database);
});
afterAll(async () => database.close());

const junk = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.constantFrom('', 'Bearer', 'Bearer ', 'Bearer a.b.c', 'Basic Zm9vOmJhcg==', 'Bearer eyJhbGciOiJub25lIn0.e30.', 'x'.repeat(9000)),
);

function req(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  peer += 1;
  const headers = new Headers({ 'x-stride-peer': `10.3.${(peer >> 8) & 255}.${peer & 255}` });
  for (const [k, v] of Object.entries(init.headers ?? {})) {
    try {
      headers.set(k, v);
    } catch {
      // a value fetch itself refuses to send never reaches the server
    }
  }
  return new Request(`http://127.0.0.1${path}`, { method: init.method ?? 'GET', headers, body: init.body });
}

async function expect4xx(res: Response) {
  expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.headers.get('content-type')).toBe('application/problem+json');
}

describe('hostile input never answers 500', () => {
  it('garbage Authorization headers and client types on a JWT route', async () => {
    await fc.assert(
      fc.asyncProperty(junk, fc.constantFrom('web', 'mobile', 'desktop', ''), async (authorization, clientType) => {
        await expect4xx(await profileRoute.GET(req('/api/v1/profile', { headers: { authorization, 'x-client-type': clientType } }), ctx()));
      }),
      { numRuns: 60 },
    );
  });

  it('garbage refresh cookies, bearer refresh tokens and logout attempts', async () => {
    await fc.assert(
      fc.asyncProperty(junk, fc.constantFrom('web', 'mobile'), async (token, clientType) => {
        const headers: Record<string, string> =
          clientType === 'web'
            ? { cookie: `service_refresh_token=${token}`, 'x-client-type': 'web' }
            : { authorization: `Bearer ${token}`, 'x-client-type': 'mobile' };
        await expect4xx(await refreshRoute.POST(req('/api/v1/auth/refresh', { method: 'POST', headers }), ctx()));
        await expect4xx(await logoutRoute.POST(req('/api/v1/auth/logout', { method: 'POST', headers }), ctx()));
      }),
      { numRuns: 40 },
    );
  });

  it('login forms with huge, odd or missing fields, and PKCE parameters of any shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('username', 'password', 'code_challenge', 'code_challenge_method', 'other'),
          fc.oneof(fc.string({ maxLength: 50 }), fc.constant('y'.repeat(5000))),
        ),
        async (form) => {
          const body = new URLSearchParams(form).toString();
          const res = await loginRoute.POST(
            req('/api/v1/auth/login', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-client-type': 'mobile' } }),
            ctx(),
          );
          await expect4xx(res);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('MFA verify and PKCE exchange with malformed codes, verifiers and session ids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.string({ maxLength: 80 }), async (value, sessionId) => {
        const json = { 'content-type': 'application/json', 'x-client-type': 'mobile' };
        const body = JSON.stringify(value);
        await expect4xx(await mfaVerifyRoute.POST(req('/api/v1/auth/mfa/verify', { method: 'POST', body, headers: json }), ctx()));
        await expect4xx(await exchangeRoute.POST(req('/api/v1/session/x/tokens', { method: 'POST', body, headers: json }), ctx({ session_id: sessionId })));
        const verifier = JSON.stringify({ code_verifier: typeof value === 'string' ? value : 'a'.repeat(43) });
        await expect4xx(
          await exchangeRoute.POST(req('/api/v1/session/x/tokens', { method: 'POST', body: verifier, headers: json }), ctx({ session_id: sessionId })),
        );
      }),
      { numRuns: 40 },
    );
  });

  it('API key creation without a valid token, whatever the body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const res = await apiKeysRoute.POST(
          req('/api/v1/profile/api_keys', {
            method: 'POST',
            body: JSON.stringify(value),
            headers: { 'content-type': 'application/json', 'x-client-type': 'mobile', authorization: 'Bearer x' },
          }),
          ctx(),
        );
        await expect4xx(res);
      }),
      { numRuns: 20 },
    );
  });
});

import { createHash } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/db/client';
import * as loginRoute from '@/app/api/v1/auth/login/route';
import * as mfaVerifyRoute from '@/app/api/v1/auth/mfa/verify/route';
import * as profileRoute from '@/app/api/v1/profile/route';
import * as exchangeRoute from '@/app/api/v1/session/[session_id]/tokens/route';
import * as usersRoute from '@/app/api/v1/users/route';
import { verifyPassword } from '@/server/auth/password';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { verifySecondFactor } from '@/server/services/mfa/verify-second-factor';
import { captureLogs } from '@/server/testing/capture-logs';
import { openTestDatabase, testEngines } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { enableMfa } from '../services/mfa/enable-mfa';
import { setupMfa } from '../services/mfa/setup-mfa';
import { createUser } from '../services/users/create-user';

// Through the route handlers: lockout under concurrency, the pending MFA login
// bound to its client, failed authentication counted per address, security events in the log.

// Spies that run the real primitives: they only count how many credentials were really verified.
vi.mock('@/server/auth/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/server/auth/password')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
vi.mock('@/server/services/mfa/verify-second-factor', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/server/services/mfa/verify-second-factor')>();
  return { ...real, verifySecondFactor: vi.fn(real.verifySecondFactor) };
});

const BASE = 'http://127.0.0.1:3000';
const noParams = { params: Promise.resolve({}) };
const PASSWORD = 'correct horse battery';
const WRONG_CODE = 'ZZZZ-ZZZZ';
let counter = 0;
let nextPeer = 0;
const freshAddress = () => `198.18.${Math.floor(++nextPeer / 250)}.${(nextPeer % 250) + 1}`;

interface Call {
  path: string;
  address?: string;
  headers?: Record<string, string>;
  form?: Record<string, string>;
  json?: unknown;
  method?: string;
}

function request({ path, address, headers = {}, form, json, method }: Call): Request {
  const body = form ? new URLSearchParams(form).toString() : json !== undefined ? JSON.stringify(json) : undefined;
  const type: Record<string, string> = form
    ? { 'content-type': 'application/x-www-form-urlencoded' }
    : json !== undefined
      ? { 'content-type': 'application/json' }
      : {};
  return new Request(BASE + path, {
    method: method ?? (body ? 'POST' : 'GET'),
    body,
    headers: { 'x-stride-peer': address ?? freshAddress(), ...type, ...headers },
  });
}

const login = (username: string, password: string, clientType: 'web' | 'mobile', address?: string, query = '') =>
  loginRoute.POST(request({ path: `/api/v1/auth/login${query}`, address, headers: { 'x-client-type': clientType }, form: { username, password } }), noParams);

const verifyMfa = (body: Record<string, string>, clientType: 'web' | 'mobile', address?: string, headers: Record<string, string> = {}) =>
  mfaVerifyRoute.POST(request({ path: '/api/v1/auth/mfa/verify', address, headers: { 'x-client-type': clientType, ...headers }, json: body }), noParams);

function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

describe.each(testEngines())('auth hardening on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    useTestEnv();
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
  });
  afterAll(async () => database.close());
  beforeEach(() => {
    useDatabaseForTests(database);
    vi.mocked(verifyPassword).mockClear();
    vi.mocked(verifySecondFactor).mockClear();
  });

  async function newUser(options: { mfa?: boolean; admin?: boolean } = {}) {
    counter += 1;
    const user = await createUser(database.db, {
      username: `hard${counter}${engine}`,
      email: `hard${counter}${engine}@example.com`,
      name: 'H',
      password: PASSWORD,
      access_type: options.admin ? 'admin' : 'regular',
    });
    if (!options.mfa) return { ...user, secret: '' };
    const { secret } = await setupMfa(database.db, user.id);
    await enableMfa(database.db, user.id, await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }));
    vi.mocked(verifySecondFactor).mockClear(); // enabling verified a code: only sign-in steps count below
    return { ...user, secret };
  }
  const currentTotp = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

  describe('lockout holds under concurrency (spec Progressive lockout: 5 failures lock)', () => {
    it('30 parallel wrong passwords from 30 addresses: at most 5 are verified, the rest refused as locked', async () => {
      const user = await newUser();
      const answers = await Promise.all(Array.from({ length: 30 }, () => login(user.username, 'wrong password', 'mobile')));
      const verified = vi.mocked(verifyPassword).mock.calls.length;
      console.info(`[figure] ${engine}: ${verified} of 30 parallel wrong passwords verified`);
      expect(verified).toBeGreaterThanOrEqual(1);
      expect(verified).toBeLessThanOrEqual(5);
      const statuses = answers.map((r) => r.status);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
      // still locked: even the right password is refused before it is checked
      const right = await login(user.username, PASSWORD, 'mobile');
      expect(right.status).toBe(429);
      expect((await right.json()).code).toBe('account_locked');
    });

    it('30 parallel wrong MFA codes (with the right mfa_token) from 30 addresses: at most 5 are verified', async () => {
      const user = await newUser({ mfa: true });
      const started = await login(user.username, PASSWORD, 'mobile');
      const { mfa_token } = await started.json();
      const answers = await Promise.all(Array.from({ length: 30 }, () => verifyMfa({ username: user.username, mfa_code: WRONG_CODE, mfa_token }, 'mobile')));
      const verified = vi.mocked(verifySecondFactor).mock.calls.length;
      console.info(`[figure] ${engine}: ${verified} of 30 parallel wrong MFA codes verified`);
      expect(verified).toBeGreaterThanOrEqual(1);
      expect(verified).toBeLessThanOrEqual(5);
      const bodies = await Promise.all(answers.map((r) => r.json()));
      expect(answers.every((r) => r.status === 400 || r.status === 429)).toBe(true);
      expect(bodies.filter((b) => b.code === 'mfa_locked').length).toBeGreaterThanOrEqual(25);
    });

    it('a right password among parallel wrong ones still signs in when it is counted before the lock', async () => {
      const user = await newUser();
      const answers = await Promise.all([
        login(user.username, PASSWORD, 'mobile'),
        login(user.username, 'wrong', 'mobile'),
        login(user.username, 'wrong', 'mobile'),
      ]);
      expect(answers[0]!.status).toBe(200);
    });
  });

  describe('the pending MFA login is bound to the client that passed the password step (CONTRACT hardening)', () => {
    it('mobile: the answer carries mfa_token; a stranger with a valid code and no token gets 400 "no pending MFA login" and counts nothing', async () => {
      const user = await newUser({ mfa: true });
      const owner = freshAddress();
      const started = await login(user.username, PASSWORD, 'mobile', owner);
      expect(started.status).toBe(200);
      const { mfa_token, mfa_required } = await started.json();
      expect(mfa_required).toBe(true);
      expect(mfa_token).toMatch(/^[\w-]{43}$/);

      const stranger = await verifyMfa({ username: user.username, mfa_code: await currentTotp(user.secret) }, 'mobile');
      expect(stranger.status).toBe(400);
      expect((await stranger.json()).detail).toMatch(/no pending MFA login/i);
      for (let i = 0; i < 8; i++) {
        const wrong = await verifyMfa({ username: user.username, mfa_code: WRONG_CODE }, 'mobile');
        expect((await wrong.json()).detail).toMatch(/no pending MFA login/i);
      }
      const forged = await verifyMfa({ username: user.username, mfa_code: WRONG_CODE, mfa_token: 'A'.repeat(43) }, 'mobile', owner);
      expect((await forged.json()).detail).toMatch(/no pending MFA login/i);
      expect(vi.mocked(verifySecondFactor)).not.toHaveBeenCalled();

      // the owner's first wrong code is failure 1: the strangers counted nothing
      const ownWrong = await verifyMfa({ username: user.username, mfa_code: WRONG_CODE, mfa_token }, 'mobile', owner);
      expect((await ownWrong.json()).detail).toMatch(/Failed attempts: 1\./);
      const ok = await verifyMfa({ username: user.username, mfa_code: await currentTotp(user.secret), mfa_token }, 'mobile', freshAddress());
      expect(ok.status).toBe(200);
      expect((await ok.json()).refresh_token).toBeTruthy();
    });

    it('a spec client without mfa_token completes from the same client type and address, not from another', async () => {
      const user = await newUser({ mfa: true });
      const owner = freshAddress();
      await login(user.username, PASSWORD, 'mobile', owner);
      const otherType = await verifyMfa({ username: user.username, mfa_code: WRONG_CODE }, 'web', owner);
      expect((await otherType.json()).detail).toMatch(/no pending MFA login/i);
      const ok = await verifyMfa({ username: user.username, mfa_code: await currentTotp(user.secret) }, 'mobile', owner);
      expect(ok.status).toBe(200);
    });

    it('web: the token comes only as an HttpOnly SameSite=Strict cookie, which completes the login and is then cleared', async () => {
      const user = await newUser({ mfa: true });
      const started = await login(user.username, PASSWORD, 'web');
      expect(started.status).toBe(202);
      expect(await started.json()).not.toHaveProperty('mfa_token');
      const cookie = setCookie(started, 'service_mfa_token')!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      const value = cookie.split(';')[0]!;

      const noCookie = await verifyMfa({ username: user.username, mfa_code: await currentTotp(user.secret) }, 'web');
      expect(noCookie.status).toBe(400);
      const ok = await verifyMfa({ username: user.username, mfa_code: await currentTotp(user.secret) }, 'web', freshAddress(), { cookie: value });
      expect(ok.status).toBe(200);
      expect((await ok.json()).csrf_token).toBeTruthy();
      expect(setCookie(ok, 'service_mfa_token')).toMatch(/Max-Age=0/);
    });

    it('spec rule 4: PKCE parameters of the password step carry through the MFA step to a session-pending answer', async () => {
      const user = await newUser({ mfa: true });
      const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const started = await login(user.username, PASSWORD, 'mobile', undefined, `?code_challenge=${challenge}&code_challenge_method=S256`);
      const { mfa_token } = await started.json();
      const verified = await verifyMfa({ username: user.username, mfa_code: await currentTotp(user.secret), mfa_token }, 'mobile');
      const pending = await verified.json();
      expect(pending).toMatchObject({ mfa_required: false, session_id: expect.any(String) });
      expect(pending).not.toHaveProperty('access_token');
      const exchanged = await exchangeRoute.POST(
        request({ path: `/api/v1/session/${pending.session_id}/tokens`, headers: { 'x-client-type': 'mobile' }, json: { code_verifier: verifier } }),
        { params: Promise.resolve({ session_id: pending.session_id }) },
      );
      expect(exchanged.status).toBe(200);
      expect((await exchanged.json()).access_token).toBeTruthy();
    });
  });

  describe('failed authentication is counted per client address in the route tier', () => {
    it('130 requests with a bad bearer token from one address: 120 answer 401, then 429; another address still gets 401', async () => {
      const address = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 130; i++) {
        const res = await profileRoute.GET(
          request({ path: '/api/v1/profile', address, headers: { 'x-client-type': 'mobile', authorization: 'Bearer not.a.token' } }),
          noParams,
        );
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 120).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(120).every((s) => s === 429)).toBe(true);
      const noToken = await profileRoute.GET(request({ path: '/api/v1/profile', address, headers: { 'x-client-type': 'mobile' } }), noParams);
      expect(noToken.status).toBe(429);
      const elsewhere = await profileRoute.GET(
        request({ path: '/api/v1/profile', headers: { 'x-client-type': 'mobile', authorization: 'Bearer not.a.token' } }),
        noParams,
      );
      expect(elsewhere.status).toBe(401);
    });
  });

  describe('security events are logged with their request id, never with secrets', () => {
    it('failed login, lockout, CSRF and scope refusals', async () => {
      const logs = captureLogs();
      try {
        const user = await newUser();
        const admin = await newUser({ admin: true });
        const failed: string[] = [];
        for (let i = 0; i < 5; i++) {
          const res = await login(user.username, `Secret-Guess-${i}`, 'mobile', undefined);
          failed.push(res.headers.get('x-request-id')!);
        }
        const web = await (await login(admin.username, PASSWORD, 'web')).json();
        const csrf = await profileRoute.PUT(
          request({
            path: '/api/v1/profile',
            method: 'PUT',
            headers: { 'x-client-type': 'web', authorization: `Bearer ${web.access_token}` },
            json: { name: 'x' },
          }),
          noParams,
        );
        expect(csrf.status).toBe(403);
        expect((await login(user.username, PASSWORD, 'mobile')).status).toBe(429);
        const regular = await newUser();
        const token = (await (await login(regular.username, PASSWORD, 'mobile')).json()).access_token;
        const scope = await usersRoute.POST(
          request({ path: '/api/v1/users', headers: { 'x-client-type': 'mobile', authorization: `Bearer ${token}` }, json: {} }),
          noParams,
        );
        expect(scope.status).toBe(403);

        const lines = logs.lines();
        const byEvent = (event: string) => lines.filter((l) => l.security_event === event);
        expect(byEvent('login_failed').map((l) => l.request_id)).toEqual(failed);
        expect(byEvent('lockout')).toEqual([expect.objectContaining({ request_id: failed[4], account: `user:${user.id}` })]);
        expect(byEvent('login_refused_locked')).toHaveLength(1);
        const refusals = byEvent('security_refusal');
        expect(refusals).toEqual([
          expect.objectContaining({ code: 'csrf_missing', request_id: csrf.headers.get('x-request-id') }),
          expect.objectContaining({ code: 'scope_missing', request_id: scope.headers.get('x-request-id') }),
        ]);
        const text = logs.text();
        for (const secret of ['Secret-Guess', PASSWORD, web.access_token, web.csrf_token, token]) expect(text).not.toContain(secret);
      } finally {
        logs.restore();
      }
    });
  });
});

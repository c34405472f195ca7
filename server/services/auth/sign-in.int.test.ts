import { and, eq, isNull } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { apiKeys, refreshTokens, sessions, users } from '@/db/schema';
import { sha256Hex } from '@/server/auth/hash';
import { openTestDatabase, testEngines } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { authenticateApiKey } from '../api-keys/authenticate-api-key';
import { createApiKey } from '../api-keys/create-api-key';
import { revokeApiKey } from '../api-keys/revoke-api-key';
import { enableMfa } from '../mfa/enable-mfa';
import { setupMfa } from '../mfa/setup-mfa';
import { deleteSession } from '../sessions/delete-session';
import { refreshSession } from '../sessions/refresh-session';
import { resolveAccessToken } from '../sessions/resolve-access-token';
import { changePassword } from '../users/change-password';
import { createUser } from '../users/create-user';
import { loginWithPassword, type LoginResult } from './login-with-password';
import { exchangePkceSession } from './pkce-session';
import { verifyMfaLogin } from './verify-mfa-login';

const origin = { clientType: 'mobile' as const, ipAddress: '198.18.0.1', userAgent: 'vitest' };
const PASSWORD = 'correct horse battery';
let counter = 0;

function tokensOf(result: LoginResult) {
  if (result.kind !== 'tokens') throw new Error(`expected tokens, got ${result.kind}`);
  return result.tokens;
}

describe.each(testEngines())('sign-in on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    useTestEnv({ REFRESH_REUSE_GRACE_SECONDS: '30' });
    database = await openTestDatabase(engine);
  });
  afterAll(async () => database.close());
  beforeEach(() => {
    useTestEnv({ REFRESH_REUSE_GRACE_SECONDS: '30' });
  });

  async function newUser() {
    counter += 1;
    return createUser(database.db, {
      username: `user${counter}${engine}`,
      email: `u${counter}${engine}@example.com`,
      name: 'U',
      password: PASSWORD,
      access_type: 'regular',
    });
  }
  const login = (username: string, password: string, now?: Date) => loginWithPassword(database.db, { username, password, origin }, now);

  it('rule 1: username or e-mail, case-insensitive; wrong password → 401', async () => {
    const user = await newUser();
    expect(tokensOf(await login(user.username.toUpperCase(), PASSWORD)).accessToken).toBeTruthy();
    expect(tokensOf(await login(user.email!, PASSWORD)).sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(login(user.username, 'wrong')).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(login('nobody-here', 'wrong')).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('lockout table: the 5th failure locks 300 s; while locked even the right password is refused and not counted; success afterwards resets', async () => {
    const user = await newUser();
    const t0 = new Date('2030-01-01T00:00:00Z');
    for (let i = 1; i <= 4; i++) await expect(login(user.username, 'bad', t0)).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(login(user.username, 'bad', t0)).rejects.toMatchObject({
      kind: 'rate_limited',
      code: 'account_locked',
      detail: expect.stringContaining('300 seconds'),
    });
    const t1 = new Date(t0.getTime() + 100_000);
    await expect(login(user.username, PASSWORD, t1)).rejects.toMatchObject({ code: 'account_locked', detail: expect.stringContaining('200 seconds') });
    await expect(login(user.username, 'bad', t1)).rejects.toMatchObject({ code: 'account_locked' });
    // the 6th–9th failures after the lock count on; the 10th locks 30 min
    const t2 = new Date(t0.getTime() + 301_000);
    for (let i = 6; i <= 9; i++) await expect(login(user.username, 'bad', t2)).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(login(user.username, 'bad', t2)).rejects.toMatchObject({ code: 'account_locked', detail: expect.stringContaining('1800 seconds') });
    const t3 = new Date(t2.getTime() + 1_801_000);
    expect(tokensOf(await login(user.username, PASSWORD, t3)).accessToken).toBeTruthy();
    for (let i = 1; i <= 4; i++) await expect(login(user.username, 'bad', t3)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('lockout: the 20th failure locks for 24 h', async () => {
    const user = await newUser();
    let now = new Date('2030-02-01T00:00:00Z');
    let last: unknown;
    for (let i = 1; i <= 20; i++) {
      last = await login(user.username, 'bad', now).catch((e: unknown) => e);
      if ((last as { code?: string }).code === 'account_locked') now = new Date(now.getTime() + 1_801_000);
    }
    expect(last).toMatchObject({ code: 'account_locked', detail: expect.stringContaining('86400 seconds') });
  });

  it('a disabled user cannot sign in or refresh, and their access token dies at once', async () => {
    const user = await newUser();
    const tokens = tokensOf(await login(user.username, PASSWORD));
    await database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    await expect(login(user.username, PASSWORD)).rejects.toMatchObject({ kind: 'permission_denied' });
    await expect(refreshSession(database.db, tokens.refreshToken)).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(resolveAccessToken(database.db, tokens.accessToken)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('refresh table: current → superseded (rotation count +1); a retry within the grace window gets the same successor', async () => {
    const user = await newUser();
    const first = tokensOf(await login(user.username, PASSWORD));
    const now = new Date();
    const second = await refreshSession(database.db, first.refreshToken, now);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const retry = await refreshSession(database.db, first.refreshToken, new Date(now.getTime() + 29_000));
    expect(retry).toEqual(second);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, first.sessionId));
    expect(row!.rotationCount).toBe(1);
    // the family did not fork: one live refresh token, the successor
    const live = await database.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.sessionId, first.sessionId), isNull(refreshTokens.supersededAt)));
    expect(live.map((t) => t.tokenHash)).toEqual([sha256Hex(second.refreshToken)]);
    expect((await refreshSession(database.db, second.refreshToken, new Date(now.getTime() + 30_000))).sessionId).toBe(first.sessionId);
  });

  it('within the grace window, a token older than the previous one revokes the family', async () => {
    const user = await newUser();
    const first = tokensOf(await login(user.username, PASSWORD));
    const now = new Date();
    const second = await refreshSession(database.db, first.refreshToken, now);
    const third = await refreshSession(database.db, second.refreshToken, new Date(now.getTime() + 1_000));
    await expect(refreshSession(database.db, first.refreshToken, new Date(now.getTime() + 2_000))).rejects.toMatchObject({ code: 'token_reused' });
    await expect(refreshSession(database.db, third.refreshToken, new Date(now.getTime() + 3_000))).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(resolveAccessToken(database.db, third.accessToken)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('refresh table: reuse outside the grace window invalidates the whole family, access tokens included', async () => {
    const user = await newUser();
    const first = tokensOf(await login(user.username, PASSWORD));
    const other = tokensOf(await login(user.username, PASSWORD));
    const now = new Date();
    const second = await refreshSession(database.db, first.refreshToken, now);
    const later = new Date(now.getTime() + 31_000);
    await expect(refreshSession(database.db, first.refreshToken, later)).rejects.toMatchObject({ kind: 'unauthorized', code: 'token_reused' });
    await expect(refreshSession(database.db, second.refreshToken, later)).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(resolveAccessToken(database.db, second.accessToken)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect((await refreshSession(database.db, other.refreshToken)).sessionId).toBe(other.sessionId);
  });

  it('two refreshes racing with one token both succeed within one family, never two families', async () => {
    const user = await newUser();
    const first = tokensOf(await login(user.username, PASSWORD));
    const [a, b] = await Promise.all([refreshSession(database.db, first.refreshToken), refreshSession(database.db, first.refreshToken)]);
    expect(a.sessionId).toBe(first.sessionId);
    expect(b.sessionId).toBe(first.sessionId);
    // The second is a replay and gets the first's answer: one successor, no fork
    expect(a).toEqual(b);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, first.sessionId));
    expect(row!.rotationCount).toBe(1);
    expect(row!.revokedAt).toBeNull();
  });

  it('an access token is refused as a refresh token', async () => {
    const user = await newUser();
    const first = tokensOf(await login(user.username, PASSWORD));
    await expect(refreshSession(database.db, first.accessToken)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('absolute session lifetime: a session past SESSION_ABSOLUTE_TIMEOUT_HOURS refuses its tokens', async () => {
    const user = await newUser();
    const first = tokensOf(await login(user.username, PASSWORD));
    const past = new Date(Date.now() + 25 * 3_600_000);
    await expect(resolveAccessToken(database.db, first.accessToken, past)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('idle timeout when enabled', async () => {
    useTestEnv({ SESSION_IDLE_TIMEOUT_ENABLED: 'true', SESSION_IDLE_TIMEOUT_HOURS: '1' });
    const user = await newUser();
    const first = tokensOf(await login(user.username, PASSWORD));
    await expect(refreshSession(database.db, first.refreshToken, new Date(Date.now() + 61 * 60_000))).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('deleting a session revokes its tokens at once; another user cannot delete it', async () => {
    const user = await newUser();
    const stranger = await newUser();
    const a = tokensOf(await login(user.username, PASSWORD));
    const b = tokensOf(await login(user.username, PASSWORD));
    const s = tokensOf(await login(stranger.username, PASSWORD));
    const strangerAuth = await resolveAccessToken(database.db, s.accessToken);
    await expect(deleteSession(database.db, strangerAuth, b.sessionId, user.id)).rejects.toMatchObject({ kind: 'permission_denied' });
    const auth = await resolveAccessToken(database.db, a.accessToken);
    await deleteSession(database.db, auth, b.sessionId, user.id);
    await expect(resolveAccessToken(database.db, b.accessToken)).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(refreshSession(database.db, b.refreshToken)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('a password change ends every other session at once and keeps the current one; the old password stops working', async () => {
    const user = await newUser();
    const current = tokensOf(await login(user.username, PASSWORD));
    const other = tokensOf(await login(user.username, PASSWORD));
    await expect(
      changePassword(database.db, user.id, current.sessionId, { current_password: 'wrong', new_password: 'a new password 1' }),
    ).rejects.toMatchObject({ code: 'step_up_failed' });
    await changePassword(database.db, user.id, current.sessionId, { current_password: PASSWORD, new_password: 'a new password 1' });
    await expect(resolveAccessToken(database.db, other.accessToken)).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(refreshSession(database.db, other.refreshToken)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect((await resolveAccessToken(database.db, current.accessToken)).sessionId).toBe(current.sessionId);
    await expect(login(user.username, PASSWORD)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(tokensOf(await login(user.username, 'a new password 1')).accessToken).toBeTruthy();
  });

  it('MFA: pending login, TOTP once, backup code once, failed attempt count, then mfa_locked', async () => {
    const user = await newUser();
    const { secret } = await setupMfa(database.db, user.id);
    const t0 = Date.now();
    const { codes } = await enableMfa(database.db, user.id, await generate({ secret, epoch: Math.floor(t0 / 1000) - 30 }));
    expect(codes).toHaveLength(10);
    expect(await login(user.username, PASSWORD)).toEqual({ kind: 'mfa_required', username: user.username, mfaToken: expect.stringMatching(/^[\w-]{43}$/) });
    const verify = (mfaCode: string) => verifyMfaLogin(database.db, { username: user.username, mfaCode, origin });
    const totp = await generate({ secret, epoch: Math.floor(t0 / 1000) });
    expect(tokensOf(await verify(totp)).accessToken).toBeTruthy();
    await expect(verify(codes[0]!)).rejects.toMatchObject({ kind: 'invalid_input', detail: expect.stringMatching(/no pending/i) });
    await login(user.username, PASSWORD);
    await expect(verify(totp)).rejects.toMatchObject({ kind: 'invalid_input', detail: expect.stringContaining('Failed attempts: 1') });
    expect(tokensOf(await verify(codes[0]!.toLowerCase())).accessToken).toBeTruthy();
    await login(user.username, PASSWORD);
    for (let i = 1; i <= 4; i++) await expect(verify(codes[0]!)).rejects.toMatchObject({ detail: expect.stringContaining(`Failed attempts: ${i}`) });
    await expect(verify(codes[0]!)).rejects.toMatchObject({ kind: 'rate_limited', code: 'mfa_locked', detail: expect.stringContaining('300 seconds') });
    // while locked, even a valid unused code is refused before it is checked (and not spent)
    await expect(verify(codes[1]!)).rejects.toMatchObject({ kind: 'rate_limited', code: 'mfa_locked' });
  });

  it('PKCE: login answers a pending session; the exchange works once (409 after), a wrong verifier keeps it exchangeable', async () => {
    const user = await newUser();
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const result = await loginWithPassword(database.db, {
      username: user.username,
      password: PASSWORD,
      origin,
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    });
    expect(result.kind).toBe('pkce_pending');
    const sessionId = (result as { sessionId: string }).sessionId;
    const exchange = (codeVerifier: string) => exchangePkceSession(database.db, { sessionId, codeVerifier, kind: 'password', clientType: 'mobile' });
    await expect(exchange('x'.repeat(43))).rejects.toMatchObject({ kind: 'invalid_input' });
    await expect(exchange('short')).rejects.toMatchObject({ kind: 'invalid_input' });
    const tokens = await exchange(verifier);
    expect(tokens.sessionId).toBe(sessionId);
    await expect(exchange(verifier)).rejects.toMatchObject({ kind: 'conflict' });
    await expect(
      exchangePkceSession(database.db, { sessionId: crypto.randomUUID(), codeVerifier: verifier, kind: 'password', clientType: 'mobile' }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });

  it("issue 51: the SSO path's kinds (sso and password) exchange a password login, as the Endurain app does; only sso ones alone do not; no csrf token", async () => {
    const user = await newUser();
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const login = async () =>
      (
        (await loginWithPassword(database.db, {
          username: user.username,
          password: PASSWORD,
          origin,
          codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        })) as { sessionId: string }
      ).sessionId;
    const onlySso = await login();
    await expect(exchangePkceSession(database.db, { sessionId: onlySso, codeVerifier: verifier, kind: 'sso', clientType: 'mobile' })).rejects.toMatchObject({
      kind: 'not_found',
    });
    const sessionId = await login();
    const tokens = await exchangePkceSession(database.db, { sessionId, codeVerifier: verifier, kind: ['sso', 'password'], clientType: 'mobile' });
    expect(tokens).toMatchObject({ sessionId, clientType: 'mobile', csrfToken: null });
  });

  it('API keys: step-up, validation, revocation, expiry and a deactivated user refused at once', async () => {
    const user = await newUser();
    const use = { endpoint: '/api/v1/activities/create/upload', clientAddress: '198.18.0.9' };
    await expect(createApiKey(database.db, user.id, { name: 'k', scopes: ['activities:upload'] })).rejects.toMatchObject({ kind: 'validation_failed' });
    await expect(createApiKey(database.db, user.id, { name: 'k', scopes: ['activities:upload'], current_password: 'nope' })).rejects.toMatchObject({
      kind: 'permission_denied',
      code: 'step_up_failed',
    });
    const { row, key } = await createApiKey(database.db, user.id, { name: 'k', scopes: ['activities:upload'], current_password: PASSWORD });
    expect((await authenticateApiKey(database.db, key, use)).scopes).toEqual(['activities:upload']);
    await expect(authenticateApiKey(database.db, key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'), use)).rejects.toMatchObject({ kind: 'unauthorized' });
    await revokeApiKey(database.db, user.id, row.id);
    await expect(authenticateApiKey(database.db, key, use)).rejects.toMatchObject({ kind: 'unauthorized' });
    const soon = await createApiKey(database.db, user.id, {
      name: 'soon',
      scopes: ['activities:upload'],
      current_password: PASSWORD,
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await authenticateApiKey(database.db, soon.key, use)).userId).toBe(user.id);
    await expect(authenticateApiKey(database.db, soon.key, use, new Date(Date.now() + 61_000))).rejects.toMatchObject({ kind: 'unauthorized' });
    // the check and the record of its use are one statement: a refused key is not marked used
    const lastUsed = async () => (await database.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, soon.row.id)))[0]!.at;
    const usedAt = new Date(Date.now() + 30_000);
    await authenticateApiKey(database.db, soon.key, use, usedAt);
    expect(await lastUsed()).toEqual(usedAt);
    await database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    await expect(authenticateApiKey(database.db, soon.key, use, new Date(Date.now() + 40_000))).rejects.toMatchObject({ kind: 'unauthorized' });
    await database.db.update(users).set({ active: true }).where(eq(users.id, user.id));
    expect(await lastUsed()).toEqual(usedAt);
  });
});

import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import * as backupCodesRoute from '@/app/api/v1/profile/mfa/backup-codes/route';
import * as enableRoute from '@/app/api/v1/profile/mfa/enable/route';
import * as setupRoute from '@/app/api/v1/profile/mfa/setup/route';
import { sessions } from '@/db/schema';
import { RECENT_SIGN_IN_SECONDS } from '@/server/services/mfa/assert-mfa-step-up';
import { createSession } from '@/server/services/sessions/create-session';
import { createUser } from '@/server/services/users/create-user';
import { noParams, postLogin, ROUTE_BASE, routeTestDatabase } from '@/server/testing/route-tests';
import { testEngines } from '@/server/testing/test-database';

// MFA setup/enable and backup-code regeneration took no step-up, so a stolen
// session could enrol the thief's authenticator. Now they need current_password, unless the
// session signed in within RECENT_SIGN_IN_SECONDS; wrong step-up passwords count toward the lockout.

const PASSWORD = 'correct horse battery';
let peer = 0;
let counter = 0;

describe.each(testEngines())('MFA step-up on %s', (engine) => {
  const database = routeTestDatabase(engine);

  /** A user with a password and a mobile session that signed in `ageSeconds` ago. */
  async function session(ageSeconds: number) {
    const username = `stepup${++counter}${engine}`;
    const user = await createUser(database().db, { username, name: 'S', password: PASSWORD, access_type: 'regular' });
    const { accessToken, sessionId } = await createSession(
      database().db,
      { id: user.id, accessType: 'regular' },
      { clientType: 'mobile', ipAddress: '10.27.4.1', userAgent: null },
    );
    await database()
      .db.update(sessions)
      .set({ createdAt: new Date(Date.now() - ageSeconds * 1000) })
      .where(eq(sessions.id, sessionId));
    return { username, token: accessToken };
  }
  const post = (route: typeof setupRoute, path: string, token: string, body?: unknown) =>
    route.POST(
      new Request(`${ROUTE_BASE}/api/v1${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'x-client-type': 'mobile',
          'x-stride-peer': `10.27.4.${++peer % 250}`,
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      noParams,
    );

  it('just after signing in, setup and enable need no password (the contract flow)', async () => {
    const { token } = await session(10);
    const setup = await post(setupRoute, '/profile/mfa/setup', token);
    expect(setup.status).toBe(200);
    const { secret } = await setup.json();
    expect((await post(enableRoute, '/profile/mfa/enable', token, { mfa_code: await generate({ secret }) })).status).toBe(200);
  });

  it('an older session: no password → 422, a wrong one → 403 step_up_failed, the right one → 200', async () => {
    const { token } = await session(RECENT_SIGN_IN_SECONDS + 60);
    const missing = await post(setupRoute, '/profile/mfa/setup', token);
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors[0].field).toBe('/current_password');
    const wrong = await post(setupRoute, '/profile/mfa/setup', token, { current_password: 'not the password' });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).code).toBe('step_up_failed');
    const setup = await post(setupRoute, '/profile/mfa/setup', token, { current_password: PASSWORD });
    expect(setup.status).toBe(200);
    const { secret } = await setup.json();
    const code = await generate({ secret });
    expect((await post(enableRoute, '/profile/mfa/enable', token, { mfa_code: code })).status).toBe(422);
    expect((await post(enableRoute, '/profile/mfa/enable', token, { mfa_code: code, current_password: PASSWORD })).status).toBe(200);
    expect((await post(backupCodesRoute, '/profile/mfa/backup-codes', token, {})).status).toBe(422);
    expect((await post(backupCodesRoute, '/profile/mfa/backup-codes', token, { current_password: PASSWORD })).status).toBe(201);
  });

  it('wrong step-up passwords count toward the lockout: the 5th locks, sign-in included', async () => {
    const { token, username } = await session(RECENT_SIGN_IN_SECONDS + 60);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(setupRoute, '/profile/mfa/setup', token, { current_password: `wrong ${i}` })).status);
    expect(statuses).toEqual([403, 403, 403, 403, 429]);
    const locked = await post(setupRoute, '/profile/mfa/setup', token, { current_password: PASSWORD });
    expect(locked.status).toBe(429);
    expect((await locked.json()).code).toBe('account_locked');
    const login = await postLogin(username, PASSWORD, { 'x-client-type': 'mobile', 'x-stride-peer': '10.27.4.251' });
    expect(login.status).toBe(429);
  });
});

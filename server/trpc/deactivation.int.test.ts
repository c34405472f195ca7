import { describe, expect, it } from 'vitest';
import { routeTestDatabase } from '@/server/testing/route-tests';
import { testEngines } from '@/server/testing/test-database';
import { loginWithPassword } from '../services/auth/login-with-password';
import { refreshSession } from '../services/sessions/refresh-session';
import { createUser } from '../services/users/create-user';
import { createTrpcContext } from './context';
import { createCallerFactory } from './init';
import { appRouter } from './root';

// Deactivating a user ended nothing: reactivating them revived every session and
// refresh token they had. Deactivation revokes the sessions, so reactivation revives none.

const createCaller = createCallerFactory(appRouter);

describe.each(testEngines())('deactivation on %s', (engine) => {
  const database = routeTestDatabase(engine, async ({ db }) => {
    await createUser(db, { username: 'chief', name: 'C', password: 'chief-password-1', access_type: 'admin' });
    await createUser(db, { username: 'leaver', name: 'L', password: 'leaver-password-1', access_type: 'regular' });
  });

  async function signIn(username: string, password: string) {
    const result = await loginWithPassword(database().db, {
      username,
      password,
      origin: { clientType: 'mobile', ipAddress: '10.27.3.1', userAgent: 'vitest' },
    });
    if (result.kind !== 'tokens') throw new Error('expected tokens');
    return { caller: await callerWith(result.tokens.accessToken), tokens: result.tokens };
  }
  // one context per request, as the route handler makes: it keeps the request's authentication
  async function callerWith(accessToken: string) {
    const req = new Request('http://127.0.0.1/api/trpc', { headers: { 'x-stride-peer': '10.27.3.1', authorization: `Bearer ${accessToken}` } });
    return createCaller(await createTrpcContext({ req }));
  }

  it('deactivate, then reactivate: the old access and refresh tokens stay dead; a new sign-in works', async () => {
    const { caller: admin } = await signIn('chief', 'chief-password-1');
    const leaver = await signIn('leaver', 'leaver-password-1');
    const userId = (await leaver.caller.profile.me()).id;
    await admin.admin.setUserActive({ userId, active: false });
    await admin.admin.setUserActive({ userId, active: true });
    await expect((await callerWith(leaver.tokens.accessToken)).profile.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(refreshSession(database().db, leaver.tokens.refreshToken)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(await admin.admin.userSessions({ userId })).toEqual([]);
    expect((await (await signIn('leaver', 'leaver-password-1')).caller.profile.me()).username).toBe('leaver');
  });
});

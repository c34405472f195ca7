import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { useDatabaseForTests } from '@/server/runtime';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { openTestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { loginWithPassword } from '../services/auth/login-with-password';
import { createUser } from '../services/users/create-user';
import { createTrpcContext } from './context';
import { createCallerFactory } from './init';
import { appRouter } from './root';

const createCaller = createCallerFactory(appRouter);
let database: Database;

async function callerWith(headers: Record<string, string>) {
  const req = new Request('http://127.0.0.1/api/trpc', { headers: { 'x-stride-peer': '10.2.0.1', ...headers } });
  return createCaller(await createTrpcContext({ req }));
}

async function signIn(clientType: 'web' | 'mobile') {
  const result = await loginWithPassword(database.db, {
    username: 'trpc-user',
    password: 'trpc-password-1',
    origin: { clientType, ipAddress: '10.2.0.1', userAgent: 'vitest' },
  });
  if (result.kind !== 'tokens') throw new Error('expected tokens');
  return result.tokens;
}

beforeAll(async () => {
  useTestEnv();
  resetRateLimitStateForTests();
  database = await openTestDatabase('pglite');
  useDatabaseForTests(database);
  await createUser(database.db, { username: 'trpc-user', email: 'trpc@example.com', name: 'T', password: 'trpc-password-1', access_type: 'regular' });
});
afterAll(async () => database.close());

describe('tRPC uses the same authentication as REST', () => {
  it('a public procedure answers without credentials', async () => {
    const caller = await callerWith({});
    expect(await caller.system.health()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('a signed-in procedure refuses no token and a garbage token with UNAUTHORIZED and the problem attached', async () => {
    await expect((await callerWith({})).profile.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect((await callerWith({ authorization: 'Bearer not.a.jwt' })).profile.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('the access token of a session answers profile.me', async () => {
    const tokens = await signIn('mobile');
    const me = await (await callerWith({ authorization: `Bearer ${tokens.accessToken}` })).profile.me();
    expect(me).toMatchObject({ username: 'trpc-user', email: 'trpc@example.com' });
  });

  it('mutations of a web session need its CSRF token', async () => {
    const tokens = await signIn('web');
    const auth = { authorization: `Bearer ${tokens.accessToken}` };
    await expect((await callerWith(auth)).profile.update({ name: 'No CSRF' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect((await callerWith({ ...auth, 'x-csrf-token': 'wrong' })).profile.update({ name: 'Wrong' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const updated = await (await callerWith({ ...auth, 'x-csrf-token': tokens.csrfToken! })).profile.update({ name: 'With CSRF' });
    expect(updated.name).toBe('With CSRF');
  });

  it('service validation errors keep their kind: a bad timezone is BAD_REQUEST from zod, an unknown field too', async () => {
    const tokens = await signIn('mobile');
    const caller = await callerWith({ authorization: `Bearer ${tokens.accessToken}` });
    await expect(caller.profile.update({ timezone: 'Mars/Olympus' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('the profile keeps the chosen language of the web app; null follows the browser; others are refused', async () => {
    const tokens = await signIn('mobile');
    const caller = await callerWith({ authorization: `Bearer ${tokens.accessToken}` });
    expect((await caller.profile.me()).locale).toBeNull();
    expect((await caller.profile.update({ locale: 'de' })).locale).toBe('de');
    expect((await caller.profile.me()).locale).toBe('de');
    await expect(caller.profile.update({ locale: 'xx' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await caller.profile.me()).locale).toBe('de');
    expect((await caller.profile.update({ locale: null })).locale).toBeNull();
  });
});

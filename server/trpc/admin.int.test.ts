import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { startTestIdp, type TestIdp } from '@/server/testing/oidc-idp';
import { openTestDatabase, testEngines } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { loginWithPassword } from '../services/auth/login-with-password';
import { createUser } from '../services/users/create-user';
import { createTrpcContext } from './context';
import { createCallerFactory } from './init';
import { appRouter } from './root';

// The web app's admin area and settings over tRPC: the admin-only services of REST, behind the
// same requireAdmin guard; a regular user gets FORBIDDEN from every admin procedure.
const createCaller = createCallerFactory(appRouter);
let idp: TestIdp;

beforeAll(async () => {
  idp = await startTestIdp({ redirectUris: ['http://127.0.0.1:3000/api/v1/public/idp/callback/corp'] });
});
afterAll(() => idp.close());

describe.each(testEngines())('admin and settings procedures on %s', (engine) => {
  let database: Database;

  async function callerFor(username: string, password: string) {
    const result = await loginWithPassword(database.db, { username, password, origin: { clientType: 'mobile', ipAddress: '10.3.0.1', userAgent: 'vitest' } });
    if (result.kind !== 'tokens') throw new Error('expected tokens');
    const req = new Request('http://127.0.0.1/api/trpc', { headers: { 'x-stride-peer': '10.3.0.1', authorization: `Bearer ${result.tokens.accessToken}` } });
    return createCaller(await createTrpcContext({ req }));
  }

  beforeAll(async () => {
    useTestEnv({ PUBLIC_URL: 'http://127.0.0.1:3000' });
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    await createUser(database.db, { username: 'boss', email: null, name: 'Boss', password: 'boss-password-1', access_type: 'admin' });
    await createUser(database.db, { username: 'worker', email: null, name: 'Worker', password: 'worker-password-1', access_type: 'regular' });
  });
  afterAll(() => database.close());

  it('a regular user is refused every admin procedure', async () => {
    const worker = await callerFor('worker', 'worker-password-1');
    await expect(worker.admin.users()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(worker.admin.idps()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(worker.admin.createUser({ username: 'sneaky', password: 'sneaky-password', name: '', access_type: 'admin' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(worker.admin.setUserActive({ userId: 1, active: false })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(worker.admin.stravaPush()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(worker.admin.createStravaPush()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(worker.admin.deleteStravaPush({ id: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('users: create, disable (sessions stop working), reset a password (sessions end), see and end sessions', async () => {
    const boss = await callerFor('boss', 'boss-password-1');
    const created = await boss.admin.createUser({
      username: 'newbie',
      email: 'newbie@example.com',
      name: 'New',
      password: 'newbie-password-1',
      access_type: 'regular',
    });
    expect((await boss.admin.users()).map((u) => u.username)).toContain('newbie');
    const newbie = await callerFor('newbie', 'newbie-password-1');
    const sessions = await boss.admin.userSessions({ userId: created.id });
    expect(sessions).toHaveLength(1);
    await boss.admin.endSession({ userId: created.id, sessionId: sessions[0]!.id });
    await expect(newbie.profile.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    const again = await callerFor('newbie', 'newbie-password-1');
    expect((await boss.admin.setUserActive({ userId: created.id, active: false })).active).toBe(false);
    await expect(again.profile.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await boss.admin.setUserActive({ userId: created.id, active: true });

    const third = await callerFor('newbie', 'newbie-password-1');
    await boss.admin.resetPassword({ userId: created.id, password: 'reset-password-2' });
    await expect(third.profile.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor('newbie', 'newbie-password-1')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect((await (await callerFor('newbie', 'reset-password-2')).profile.me()).username).toBe('newbie');
  });

  it('identity providers: add with discovery, disable, delete; the list never carries the secret', async () => {
    const boss = await callerFor('boss', 'boss-password-1');
    const added = await boss.admin.createIdp({
      name: 'Corp',
      slug: 'corp',
      issuer_url: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      enabled: true,
      scopes: 'openid profile email',
      auto_create_users: true,
    });
    expect(added).toMatchObject({ token_endpoint: `${idp.issuer}/token`, has_client_secret: true });
    expect(JSON.stringify(await boss.admin.idps())).not.toContain(idp.clientSecret);
    const worker = await callerFor('worker', 'worker-password-1');
    expect((await worker.identityLinks.list()).providers).toEqual([{ id: added.id, name: 'Corp', slug: 'corp' }]);
    await boss.admin.setIdpEnabled({ id: added.id, enabled: false });
    expect((await worker.identityLinks.list()).providers).toEqual([]);
    await boss.admin.deleteIdp({ id: added.id });
    expect(await boss.admin.idps()).toEqual([]);
    await expect(boss.admin.deleteIdp({ id: added.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('settings: change password keeps this session and ends the others', async () => {
    const other = await callerFor('worker', 'worker-password-1');
    const current = await callerFor('worker', 'worker-password-1');
    await expect(current.profile.changePassword({ current_password: 'wrong', new_password: 'worker-password-2' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await current.profile.changePassword({ current_password: 'worker-password-1', new_password: 'worker-password-2' });
    expect((await current.profile.me()).username).toBe('worker');
    await expect(other.profile.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

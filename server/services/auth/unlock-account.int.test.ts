import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import * as loginRoute from '@/app/api/v1/auth/login/route';
import * as unlockRoute from '@/app/api/v1/users/[user_id]/unlock/route';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { createSession } from '@/server/services/sessions/create-session';
import { createUser } from '@/server/services/users/create-user';
import { createTrpcContext } from '@/server/trpc/context';
import { createCallerFactory } from '@/server/trpc/init';
import { appRouter } from '@/server/trpc/root';
import { openTestDatabase, testEngines } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';

// The spec's lockout has no end for an attacker who keeps guessing; an admin can
// lift it through the admin API, the admin page's procedure and the CLI (`npm run unlock`).

const BASE = 'http://127.0.0.1:3000';
const PASSWORD = 'correct horse battery';
const SECRET_KEY = 'k'.repeat(40);
let peer = 0;
let counter = 0;

describe.each(testEngines())('unlocking an account on %s', (engine) => {
  let database: Database;
  let adminToken = '';
  beforeAll(async () => {
    useTestEnv({ RATE_LIMIT_ENABLED: 'false', SECRET_KEY });
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    const admin = await createUser(database.db, { username: `unlocker${engine}`, name: 'A', password: PASSWORD, access_type: 'admin' });
    adminToken = (await createSession(database.db, { id: admin.id, accessType: 'admin' }, { clientType: 'mobile', ipAddress: '10.27.5.1', userAgent: null }))
      .accessToken;
  });
  afterAll(async () => database.close());

  const login = (username: string, password: string) =>
    loginRoute.POST(
      new Request(`${BASE}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'x-client-type': 'mobile', 'x-stride-peer': `10.27.5.${++peer % 250}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password }).toString(),
      }),
      { params: Promise.resolve({}) },
    );
  async function lockedUser() {
    const user = await createUser(database.db, { username: `locked${++counter}${engine}`, name: 'L', password: PASSWORD, access_type: 'regular' });
    for (let i = 0; i < 5; i++) await login(user.username, 'wrong password');
    expect((await login(user.username, PASSWORD)).status).toBe(429);
    return user;
  }
  const unlockOverRest = (userId: number, token = adminToken) =>
    unlockRoute.POST(
      new Request(`${BASE}/api/v1/users/${userId}/unlock`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-client-type': 'mobile' } }),
      {
        params: Promise.resolve({ user_id: String(userId) }),
      },
    );

  it('REST: an admin unlocks; the right password signs in again; a regular user is refused', async () => {
    const user = await lockedUser();
    const regular = (
      await createSession(database.db, { id: user.id, accessType: 'regular' }, { clientType: 'mobile', ipAddress: '10.27.5.2', userAgent: null })
    ).accessToken;
    expect((await unlockOverRest(user.id, regular)).status).toBe(403);
    const res = await unlockOverRest(user.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unlocked: true });
    expect((await login(user.username, PASSWORD)).status).toBe(200);
    expect(await (await unlockOverRest(user.id)).json()).toEqual({ unlocked: false });
    expect((await unlockOverRest(999_999)).status).toBe(404);
  });

  it('tRPC (the admin page): admin.users says which accounts are locked and until when; admin.unlockUser lifts the lock', async () => {
    const user = await lockedUser();
    // failures below the first tier (5) lock nothing: no Unlock is offered for them
    const counting = await createUser(database.db, { username: `counting${++counter}${engine}`, name: 'C', password: PASSWORD, access_type: 'regular' });
    for (let i = 0; i < 2; i++) expect((await login(counting.username, 'wrong password')).status).toBe(401);
    const req = new Request(`${BASE}/api/trpc`, { headers: { 'x-stride-peer': '10.27.5.3', authorization: `Bearer ${adminToken}` } });
    const caller = createCallerFactory(appRouter)(await createTrpcContext({ req }));
    const lockOf = async (id: number) => (await caller.admin.users()).find((u) => u.id === id)?.locked_until;
    // the first tier locks for 5 minutes from the fifth failure
    const until = Date.parse((await lockOf(user.id)) ?? '');
    expect(until - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect(await lockOf(counting.id)).toBeNull();
    expect(await caller.admin.unlockUser({ userId: user.id })).toEqual({ unlocked: true });
    expect(await lockOf(user.id)).toBeNull();
    expect((await login(user.username, PASSWORD)).status).toBe(200);
  });

  it.runIf(engine === 'postgres')('CLI: npm run unlock -- --user <name>', async () => {
    const user = await lockedUser();
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/unlock-account.ts', '--user', user.username], {
      env: { ...process.env, DATABASE_URL: database.url, SECRET_KEY, NODE_ENV: 'production', LOG_LEVEL: 'error' },
    });
    expect(stdout).toContain('the sign-in lock was lifted');
    expect((await login(user.username, PASSWORD)).status).toBe(200);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import * as trpcRoute from '@/app/api/trpc/[trpc]/route';
import * as profileRoute from '@/app/api/v1/profile/route';
import * as usersRoute from '@/app/api/v1/users/route';
import { log } from '@/server/log/logger';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { createSession } from '@/server/services/sessions/create-session';
import { createUser } from '@/server/services/users/create-user';
import { captureLogs } from '@/server/testing/capture-logs';
import { openTestDatabase, testEngines } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';

// A NUL byte in JSON text was a 500 whose log line carried the statement's bind
// parameters (a new user's argon2id hash among them). Now: 422 naming the field, on REST and tRPC,
// and no log line ever carries bind parameters.

const BASE = 'http://127.0.0.1:3000';
const noParams = { params: Promise.resolve({}) };
let peer = 0;

describe.each(testEngines())('NUL bytes on %s', (engine) => {
  let database: Database;
  let adminToken = '';
  beforeAll(async () => {
    useTestEnv({ RATE_LIMIT_ENABLED: 'false' });
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    const admin = await createUser(database.db, { username: `nuladmin${engine}`, name: 'N', password: 'correct horse battery', access_type: 'admin' });
    const session = await createSession(database.db, { id: admin.id, accessType: 'admin' }, { clientType: 'mobile', ipAddress: '10.0.0.1', userAgent: null });
    adminToken = session.accessToken;
  });
  afterAll(async () => database.close());

  const headers = () => ({
    authorization: `Bearer ${adminToken}`,
    'x-client-type': 'mobile',
    'content-type': 'application/json',
    'x-stride-peer': `10.27.0.${++peer}`,
  });

  it('REST: a NUL in a JSON member is a 422 naming it, and nothing is stored', async () => {
    const logs = captureLogs();
    try {
      const body = JSON.stringify({ username: 'nulguy', password: 'correct horse battery', name: 'evil\u0000name' });
      const res = await usersRoute.POST(new Request(`${BASE}/api/v1/users`, { method: 'POST', headers: headers(), body }), noParams);
      expect(res.status).toBe(422);
      const problem = await res.json();
      expect(problem.errors).toEqual([{ field: '/name', message: expect.stringContaining('NUL') }]);
      const stored = await database.db.execute(sql`select count(*)::int as n from users where username = 'nulguy'`);
      expect((stored as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ?? (stored as unknown as { n: number }[])[0]?.n).toBe(0);
      expect(logs.text()).not.toContain('$argon2id$');
    } finally {
      logs.restore();
    }
  });

  it('REST: a NUL in a member name, nested, and in the query string', async () => {
    const body = JSON.stringify({ name: 'ok', ['ti\u0000mezone']: 'UTC' });
    const res = await profileRoute.PUT(new Request(`${BASE}/api/v1/profile`, { method: 'PUT', headers: headers(), body }), noParams);
    expect(res.status).toBe(422);
    expect((await res.json()).errors[0].field).toBe('/ti\u0000mezone');
    const query = await usersRoute.GET(new Request(`${BASE}/api/v1/users?x=%00`, { headers: headers() }), noParams);
    expect(query.status).toBeLessThan(500);
  });

  it('tRPC: a NUL in an input is a 422 problem naming the field', async () => {
    const res = await trpcRoute.POST(
      new Request(`${BASE}/api/trpc/profile.update`, { method: 'POST', headers: headers(), body: JSON.stringify({ name: 'a\u0000b' }) }),
    );
    expect(res.status).toBe(422);
    const answer = await res.json();
    expect(answer.error.data.problem.errors).toEqual([{ field: '/name', message: expect.stringContaining('NUL') }]);
  });

  it('a failed statement is logged with its text and SQLSTATE, never its bind parameters', async () => {
    const secret = `$argon2id$v=19$m=19456,t=2,p=1$secret-${engine}`;
    const error = await database.db.execute(sql`select ${secret}::text || ${'\u0000'}::text`).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(Error);
    const logs = captureLogs();
    try {
      log().error({ err: error }, 'unhandled error');
      log().error({ err: new Error('wrapped', { cause: error }) }, 'unhandled error');
      const text = logs.text();
      expect(text).not.toContain('secret-');
      expect(text).toContain('select $1::text');
      expect(logs.lines()).toHaveLength(2);
    } finally {
      logs.restore();
    }
  });
});

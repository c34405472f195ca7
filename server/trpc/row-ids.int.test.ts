import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import * as trpcRoute from '@/app/api/trpc/[trpc]/route';
import * as activitiesRoute from '@/app/api/v1/activities/route';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';

// A tRPC id past an `integer` column's range (2^31 - 1) was a failed statement and
// a 500; it is a 400 now, as any other malformed input. Ids inside the range name no row: 404.

const BASE = 'http://127.0.0.1:3000';
const TOO_BIG = 2 ** 31;

describe.each(testEngines())('tRPC row ids on %s', (engine) => {
  let database: Database;
  let token = '';
  beforeAll(async () => {
    useTestEnv({ RATE_LIMIT_ENABLED: 'false' });
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    token = (await signedInUser(database.db)).token;
  });
  afterAll(async () => database.close());

  const headers = () => ({ authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'content-type': 'application/json' });
  const query = (procedure: string, input: unknown) =>
    trpcRoute.GET(new Request(`${BASE}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: headers() }));
  const mutation = (procedure: string, input: unknown) =>
    trpcRoute.POST(new Request(`${BASE}/api/trpc/${procedure}`, { method: 'POST', headers: headers(), body: JSON.stringify(input) }));

  it.each([
    ['activities.get', { id: TOO_BIG }],
    ['gear.get', { id: TOO_BIG }],
  ])('query %s with an id of 2^31 → 400', async (procedure, input) => {
    const res = await query(procedure, input);
    expect(res.status).toBe(400);
    expect((await query(procedure, { id: TOO_BIG - 1 })).status).toBe(404);
  });

  it.each([
    ['activities.delete', { id: TOO_BIG }],
    ['gear.delete', { id: TOO_BIG }],
    ['health.deleteWeight', { id: TOO_BIG }],
    ['notifications.markRead', { id: TOO_BIG }],
    ['activities.update', { id: 1, expected_version: TOO_BIG, changes: {} }],
  ])('mutation %s past the integer range → 400', async (procedure, input) => {
    const res = await mutation(procedure, input);
    expect(res.status, await res.clone().text()).toBe(400);
  });

  it('REST: a page number past any offset is a 422, not a failed statement', async () => {
    const res = await activitiesRoute.GET(new Request(`${BASE}/api/v1/activities?page=99999999999999999999`, { headers: headers() }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBeLessThan(500);
  });
});

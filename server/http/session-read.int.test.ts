import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as activityRoute from '@/app/api/v1/activities/[activity_id]/route';
import * as listRoute from '@/app/api/v1/activities/route';
import { activities, sessions } from '@/db/schema';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { loginWithPassword } from '../services/auth/login-with-password';
import { createUser } from '../services/users/create-user';

// GET /activities/{id} and GET /activities read their rows in the session check's own statement
// (their reads' `withSession`, run by runRead). The answers must be those of two separate steps: 401 for a dead session
// before anything about the activity, 404 for a foreign or missing activity, 404 for a malformed
// id only once the token is good.

const PASSWORD = 'correct horse battery';
let counter = 0;

describe.each(testEngines())('a read bound to the session check on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    useTestEnv({ RATE_LIMIT_ENABLED: 'false' });
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(() => database.close());

  async function signIn() {
    counter += 1;
    const user = await createUser(database.db, {
      username: `sr${counter}${engine}`,
      email: `sr${counter}${engine}@example.com`,
      name: 'S',
      password: PASSWORD,
      access_type: 'regular',
    });
    const result = await loginWithPassword(database.db, {
      username: user.username,
      password: PASSWORD,
      origin: { clientType: 'mobile', ipAddress: '198.18.0.7', userAgent: 'vitest' },
    });
    if (result.kind !== 'tokens') throw new Error(result.kind);
    const [activity] = await database.db
      .insert(activities)
      .values({
        userId: user.id,
        name: `Run ${counter}`,
        activityType: 'run',
        startTime: new Date('2024-05-01T06:00:00Z'),
        endTime: new Date('2024-05-01T07:00:00Z'),
        totalElapsedTime: 3600,
        source: 'upload',
      })
      .returning();
    return { user, token: result.tokens.accessToken, sessionId: result.tokens.sessionId, activity: activity! };
  }

  const get = (id: string, token?: string) =>
    activityRoute.GET(
      new Request(`http://127.0.0.1/api/v1/activities/${id}`, {
        headers: { 'x-client-type': 'mobile', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
      { params: Promise.resolve({ activity_id: id }) },
    );

  const list = async (query: string, token?: string) => {
    const res = await listRoute.GET(
      new Request(`http://127.0.0.1/api/v1/activities?${query}`, {
        headers: { 'x-client-type': 'mobile', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
      { params: Promise.resolve({}) },
    );
    return {
      status: res.status,
      body: (await res.json()) as { items: { name: string }[]; total: number; next: number | null; totals: { count: number; distance: number } },
    };
  };

  it('the list: pages, totals of the whole filtered set, a page past the end, a user without activities', async () => {
    const { user, token } = await signIn();
    await database.db.insert(activities).values(
      [2, 3].map((n) => ({
        userId: user.id,
        name: `Ride ${n}`,
        activityType: 'ride',
        startTime: new Date(`2024-05-0${n}T06:00:00Z`),
        endTime: new Date(`2024-05-0${n}T07:00:00Z`),
        totalElapsedTime: 3600,
        distance: 1000 * n,
        source: 'upload' as const,
      })),
    );
    const first = await list('page_size=2', token);
    expect(first).toMatchObject({ status: 200, body: { total: 3, next: 2, totals: { count: 3, distance: 5000 } } });
    expect(first.body.items.map((a) => a.name)).toEqual(['Ride 3', 'Ride 2']);
    expect((await list('page_size=2&page=2', token)).body).toMatchObject({ items: [{ name: `Run ${counter}` }], next: null, total: 3 });
    expect((await list('page_size=2&page=5', token)).body).toMatchObject({ items: [], total: 3, next: null, totals: { count: 3, distance: 5000 } });
    expect((await list('type=ride&q=ride%203', token)).body).toMatchObject({ items: [{ name: 'Ride 3' }], total: 1 });
    await database.db.delete(activities).where(eq(activities.userId, user.id));
    expect((await list('', token)).body).toMatchObject({ items: [], total: 0, next: null, totals: { count: 0, distance: 0 } });
    expect((await list('page=3', token)).body).toMatchObject({ items: [], total: 0 });
  });

  it('the list: a dead session is 401 whatever the page; a bad query is 422 only with a good token', async () => {
    const { token, sessionId } = await signIn();
    expect((await list('page_size=1000', token)).status).toBe(422);
    await database.db.delete(sessions).where(eq(sessions.id, sessionId));
    for (const query of ['', 'page=9', 'page_size=1000']) expect((await list(query, token)).status).toBe(401);
  });

  it('the owner gets the record with its ETag', async () => {
    const { token, activity } = await signIn();
    const res = await get(String(activity.id), token);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"1"');
    expect(await res.json()).toMatchObject({ id: activity.id, name: activity.name, version: 1 });
  });

  it("another user's activity and a missing one are 404 problems; a malformed id is 404 once signed in", async () => {
    const owner = await signIn();
    const stranger = await signIn();
    for (const id of [String(owner.activity.id), '2147483000', 'abc']) {
      const res = await get(id, stranger.token);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
  });

  it('CONTRACT: a deleted or revoked session is 401 at once, also for its own existing activity; no token is 401 before the id is looked at', async () => {
    const { token, sessionId, activity } = await signIn();
    expect((await get(String(activity.id), token)).status).toBe(200);
    await database.db.update(sessions).set({ revokedAt: new Date(), revokedReason: 'deleted' }).where(eq(sessions.id, sessionId));
    const refused = await get(String(activity.id), token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    await database.db.delete(sessions).where(eq(sessions.id, sessionId));
    expect((await get(String(activity.id), token)).status).toBe(401);
    expect((await get('abc')).status).toBe(401);
    expect((await get(String(activity.id))).status).toBe(401);
  });
});

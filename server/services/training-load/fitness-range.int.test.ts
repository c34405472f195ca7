import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fitnessRoute from '@/app/api/v1/fitness/route';
import * as statsRoute from '@/app/api/v1/stats/route';
import { activityDays } from '@/db/schema';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';

// Issue 49, case 4: one request for GET /fitness with an end date thousands of years ahead kept
// the event loop busy (the recurrence walked every day from the first activity), so every other
// request waited. Dates now lie in a documented span (422 beyond it) and the walk skips the days
// without load before the range: the work follows the data, not the distance to the range.

const BASE = 'http://127.0.0.1:3000/api/v1';

describe.each(testEngines())('fitness and stats ranges on %s', (engine) => {
  let database: TestDatabase;
  const users: { userId: number; token: string }[] = [];
  beforeAll(async () => {
    useTestEnv({ RATE_LIMIT_ENABLED: 'false' });
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    for (let i = 0; i < 2; i++) {
      const user = await signedInUser(database.db);
      users.push(user);
      // a long history: the first day in 1901, the last in 2026
      await database.db.insert(activityDays).values(
        ['1901-05-01', '1990-01-01', '2026-11-01'].map((day) => ({
          userId: user.userId,
          day,
          activityType: 'run',
          count: 1,
          distance: 10_000,
          movingTime: 3_000,
          elapsedTime: 3_100,
          elevationGain: 50,
          calories: 600,
          trainingLoad: 80,
        })),
      );
    }
  });
  afterAll(async () => database.close());

  const get = (handler: typeof fitnessRoute.GET, path: string, token: string) =>
    handler(new Request(`${BASE}${path}`, { headers: { authorization: `Bearer ${token}`, 'x-client-type': 'mobile' } }), { params: Promise.resolve({}) });
  const timed = async (answer: Promise<Response>) => {
    const started = performance.now();
    const res = await answer;
    return { status: res.status, body: await res.text(), ms: performance.now() - started };
  };

  it('an end date thousands of years ahead is a 422 at once, and another user is served meanwhile', async () => {
    // warm: the route modules and the first statements are compiled before anything is timed
    await get(fitnessRoute.GET, '/fitness?start_date=2026-01-01&end_date=2026-01-31', users[0]!.token);
    await get(statsRoute.GET, '/stats?period=month&start_date=2026-01-01&end_date=2026-01-31', users[1]!.token);
    const [farAhead, other] = await Promise.all([
      timed(get(fitnessRoute.GET, '/fitness?start_date=9980-01-01&end_date=9999-12-31', users[0]!.token)),
      timed(get(statsRoute.GET, '/stats?period=month&start_date=2026-01-01&end_date=2026-12-31', users[1]!.token)),
    ]);
    expect(farAhead.status, farAhead.body.slice(0, 200)).toBe(422);
    expect(JSON.parse(farAhead.body)).toMatchObject({
      errors: expect.arrayContaining([{ field: '/end_date', message: 'must be a date between 1900-01-01 and 2199-12-31' }]),
    });
    expect(other.status).toBe(200);
    // the day-by-day walk took 5.7 s here alone, and the other request waited for it
    expect(Math.max(farAhead.ms, other.ms)).toBeLessThan(2000);
  });

  it('the last span allowed, 173 years after the last activity, answers its 7,304 days at once', async () => {
    const answer = await timed(get(fitnessRoute.GET, '/fitness?start_date=2180-01-01&end_date=2199-12-30', users[0]!.token));
    expect(answer.status).toBe(200);
    const days = JSON.parse(answer.body) as { date: string; ctl: number }[];
    expect(days).toHaveLength(7304);
    expect(days.at(-1)).toMatchObject({ date: '2199-12-30', ctl: 0 });
    expect(answer.ms).toBeLessThan(2000);
  });

  it('a range longer than 7,305 days is a 422 naming end_date', async () => {
    const answer = await timed(get(fitnessRoute.GET, '/fitness?start_date=1900-01-01&end_date=2199-12-31', users[0]!.token));
    expect(answer.status).toBe(422);
    expect(answer.body).toContain('the range must not exceed 7305 days');
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as goalsRoute from '@/app/api/v1/profile/goals/route';
import * as goalRoute from '@/app/api/v1/profile/goals/[goal_id]/route';
import * as progressRoute from '@/app/api/v1/profile/goals/progress/route';
import { notifications, users, webhookDeliveries, webhooks } from '@/db/schema';
import type { ParsedActivity } from '@/server/formats';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';
import { setClockForTests } from '@/server/clock';
import { signedInUser } from '@/server/testing/signed-in-user';
import { bearerRequest, noParams, ROUTE_BASE, routeTestDatabase } from '@/server/testing/route-tests';
import { testEngines } from '@/server/testing/test-database';
import { createTrpcContext } from '@/server/trpc/context';
import { createCallerFactory } from '@/server/trpc/init';
import { appRouter } from '@/server/trpc/root';
import { updateActivity } from '../activities/update-activity';
import { ingestActivities } from '../ingestion/ingest-activities';
import type { GoalProgress, GoalResponse } from './schemas';

const request = bearerRequest;

/** Reference: the local calendar day of an instant, straight from Intl (not from SQL). */
const localDay = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
/** Reference: the Monday of a day's week, month start and year start, by calendar arithmetic. */
function periodStarts(day: string): Record<'week' | 'month' | 'year', string> {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return { week: d.toISOString().slice(0, 10), month: `${day.slice(0, 7)}-01`, year: `${day.slice(0, 4)}-01-01` };
}

describe.each(testEngines())('goals on %s', (engine) => {
  const testDatabase = routeTestDatabase(engine);
  const database = {
    get db() {
      return testDatabase().db;
    },
  };
  afterAll(() => setClockForTests(undefined));

  const userIn = async (timezone: string) => {
    const user = await signedInUser(database.db);
    await database.db.update(users).set({ timezone }).where(eq(users.id, user.userId));
    return user;
  };
  const run = (start: string, distance: number, type: ParsedActivity['activityType'] = 'run'): ParsedActivity =>
    parsedActivity({ name: start, activityType: type, startTime: new Date(start), totalElapsedTime: 2000, distance, movingTime: 1800, elevationGain: 50 });
  const store = async (userId: number, list: ParsedActivity[]) =>
    (await ingestActivities(database.db, userId, list, { source: 'upload' }, { awaitSubscribers: true })).map((i) => i.row.id);
  const post = async (token: string, body: unknown) => goalsRoute.POST(request('POST', '/api/v1/profile/goals', token, body), noParams);
  const progress = async (token: string) =>
    (await (await progressRoute.GET(request('GET', '/api/v1/profile/goals/progress', token), noParams)).json()) as GoalProgress[];

  it('CONTRACT: Explorer, goals …: REST create, list, change and remove; bad input is a 422 problem; another user’s goal is 404', async () => {
    const user = await userIn('UTC');
    const created = await post(user.token, { period: 'week', metric: 'distance', type: 'run', target: 20000 });
    expect(created.status).toBe(201);
    const goal = (await created.json()) as GoalResponse;
    expect(goal).toEqual({ id: goal.id, period: 'week', metric: 'distance', type: 'run', target: 20000 });
    const bad = await post(user.token, { period: 'fortnight', metric: 'distance', target: -1 });
    expect(bad.status).toBe(422);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    expect((await post(user.token, { period: 'week', metric: 'distance', type: 'cricket', target: 5 })).status).toBe(422);
    const params = { params: Promise.resolve({ goal_id: String(goal.id) }) };
    const patched = await goalRoute.PATCH(request('PATCH', `/api/v1/profile/goals/${goal.id}`, user.token, { target: 30000, type: null }), params);
    expect(await patched.json()).toEqual({ ...goal, target: 30000, type: null });
    const other = await userIn('UTC');
    expect((await goalRoute.DELETE(request('DELETE', `/api/v1/profile/goals/${goal.id}`, other.token), params)).status).toBe(404);
    const list = await goalsRoute.GET(request('GET', '/api/v1/profile/goals', user.token), noParams);
    expect(((await list.json()) as GoalResponse[]).map((g) => g.id)).toEqual([goal.id]);
    expect((await goalRoute.DELETE(request('DELETE', `/api/v1/profile/goals/${goal.id}`, user.token), params)).status).toBe(204);
    expect(await progress(user.token)).toEqual([]);
  });

  it.each([
    ['Europe/Berlin', '2024-06-10T00:30:00Z'],
    ['America/Los_Angeles', '2024-03-01T03:00:00Z'],
    ['Pacific/Auckland', '2024-12-31T12:30:00Z'],
  ])('CONTRACT: Explorer, goals …: progress sums the current week (from Monday), month and year of %s at %s', async (timezone, at) => {
    const nowAt = new Date(at);
    setClockForTests(nowAt);
    const user = await userIn(timezone);
    // activities every 47 hours over the 410 days before now, some rides
    const list = Array.from({ length: 210 }, (_, i) =>
      run(new Date(nowAt.getTime() - (i * 47 + 1) * 3_600_000).toISOString(), 1000 + i, i % 3 ? 'run' : 'ride'),
    );
    await store(user.userId, list);
    const goalsMade: GoalResponse[] = [];
    for (const period of ['week', 'month', 'year'] as const)
      for (const [metric, type] of [
        ['distance', 'run'],
        ['count', null],
        ['moving_time', 'ride'],
      ] as const)
        goalsMade.push((await (await post(user.token, { period, metric, type, target: 5000 })).json()) as GoalResponse);
    const starts = periodStarts(localDay(nowAt, timezone));
    const got = await progress(user.token);
    for (const goal of goalsMade) {
      const within = list.filter((a) => {
        const day = localDay(a.startTime, timezone);
        return periodStarts(day)[goal.period] === starts[goal.period] && (!goal.type || a.activityType === goal.type);
      });
      const value = goal.metric === 'count' ? within.length : within.reduce((s, a) => s + (goal.metric === 'distance' ? a.distance! : a.movingTime!), 0);
      expect(got.find((p) => p.goal_id === goal.id)).toEqual({
        goal_id: goal.id,
        period_start: starts[goal.period],
        value,
        target: 5000,
        reached: value >= 5000,
      });
    }
    setClockForTests(undefined);
  });

  it('CONTRACT: Explorer, goals …: a goal reached is announced once per period (a notification and goal.reached), again in the next', async () => {
    const nowAt = new Date('2025-05-14T12:00:00Z');
    setClockForTests(nowAt);
    const user = await userIn('UTC');
    await database.db
      .insert(webhooks)
      .values({ id: randomUUID(), userId: user.userId, url: 'https://hooks.example/goal', events: ['goal.reached'], secret: 'x' });
    const req = new Request(`${ROUTE_BASE}/api/trpc`, { headers: { 'x-stride-peer': '10.27.6.3', authorization: `Bearer ${user.token}` } });
    const caller = createCallerFactory(appRouter)(await createTrpcContext({ req }));
    const goal = await caller.goals.create({ period: 'week', metric: 'distance', type: 'run', target: 10000 });
    await store(user.userId, [run('2025-05-12T07:00:00Z', 6000)]);
    const announced = async () => ({
      notices: (
        await database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, user.userId), eq(notifications.kind, 'goal_reached')))
      ).length,
      deliveries: (await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, 'goal.reached'))).filter((d) =>
        d.body.includes(`"goal_id":${goal.id}`),
      ).length,
    });
    expect(await announced()).toEqual({ notices: 0, deliveries: 0 });
    const ids = await store(user.userId, [run('2025-05-13T07:00:00Z', 4500), run('2025-05-13T18:00:00Z', 100, 'ride')]);
    expect(await announced()).toEqual({ notices: 1, deliveries: 1 });
    await store(user.userId, [run('2025-05-14T07:00:00Z', 3000)]);
    await updateActivity(database.db, user.userId, ids[1]!, { activity_type: 'run' }, undefined);
    expect(await announced()).toEqual({ notices: 1, deliveries: 1 });
    expect((await caller.goals.progress())[0]).toMatchObject({ period_start: '2025-05-12', value: 13600, reached: true });
    // the next week starts over
    setClockForTests(new Date('2025-05-20T12:00:00Z'));
    await store(user.userId, [run('2025-05-19T07:00:00Z', 10000)]);
    expect(await announced()).toEqual({ notices: 2, deliveries: 2 });
    setClockForTests(undefined);
  });
});

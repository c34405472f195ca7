import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import * as fitnessRoute from '@/app/api/v1/fitness/route';
import * as recordsRoute from '@/app/api/v1/records/route';
import * as calendarRoute from '@/app/api/v1/stats/calendar/route';
import * as summaryRoute from '@/app/api/v1/stats/summary/route';
import * as statsRoute from '@/app/api/v1/stats/route';
import { activities, activityDays, activityLoads, trainingThresholds } from '@/db/schema';
import { setClockForTests } from '@/server/clock';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';
import { noParams, ROUTE_BASE, routeTestDatabase } from '@/server/testing/route-tests';
import { signedInUser } from '@/server/testing/signed-in-user';
import { testEngines } from '@/server/testing/test-database';
import { storeActivityEfforts } from '../efforts/store-activity-efforts';
import { ingestActivities } from '../ingestion/ingest-activities';
import { updateUser } from '../users/update-user';
import { publishRecomputedLoads, recomputeActivityLoads } from '../training-load/recompute-activity-loads';
import { z } from 'zod';
import { answerOf, defineRead } from './define-read';
import { alongSession } from './run-read';

// The statistics, records and fitness reads are kept per version of the caller's activities
// (run-read.ts). The first case shows an answer is kept (a write that raises no
// version is not seen); then each write a read depends on but which changes no activity row, or
// none of the columns it used to watch (efforts written again, a new timezone, a new day, a load),
// is seen at once: without migration 0022's triggers or the quarter-hour key each would get the
// kept answer.

type Reader = { GET: (request: Request, context: typeof noParams) => Promise<Response> };

const read = async <T>(route: Reader, path: string, token: string): Promise<T> => {
  const res = await route.GET(new Request(ROUTE_BASE + path, { headers: { authorization: `Bearer ${token}`, 'x-client-type': 'mobile' } }), noParams);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

describe.each(testEngines())('reads kept per version on %s', (engine) => {
  const database = routeTestDatabase(engine);
  afterEach(() => setClockForTests(undefined));

  async function userWithRun(start: string) {
    const user = await signedInUser(database().db);
    return { ...user, activityId: await userWithRunFor(user.userId, start) };
  }

  async function userWithRunFor(userId: number, start: string): Promise<number> {
    const [stored] = await ingestActivities(
      database().db,
      userId,
      [parsedActivity({ name: 'Run', activityType: 'run', startTime: new Date(start), totalElapsedTime: 1800, distance: 5000, movingTime: 1790 })],
      { source: 'upload' },
      { awaitSubscribers: true },
    );
    return stored!.row.id;
  }

  it('callers that miss together share one read; a new version reads again', async () => {
    const user = await userWithRun('2024-06-05T07:00:00Z');
    let reads = 0;
    const countedRead = defineRead({
      name: 'counted',
      input: z.object({ n: z.number() }),
      response: z.object({ userId: z.number(), n: z.number() }),
      byUser: async (_db, userId, input) => {
        reads += 1;
        await new Promise((r) => setTimeout(r, 50));
        return answerOf({ userId, n: input.n });
      },
      keep: true,
    });
    const counted = (input: { n: number }) => alongSession(countedRead, input)!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => counted({ n: 1 })(database().db, user.sessionId)));
    expect(reads).toBe(1);
    expect(answers.map((a) => a?.value?.value)).toEqual(Array(5).fill({ userId: user.userId, n: 1 }));
    expect((await counted({ n: 1 })(database().db, user.sessionId))?.value?.json).toBe(JSON.stringify({ userId: user.userId, n: 1 }));
    expect(reads).toBe(1);
    await userWithRunFor(user.userId, '2024-06-06T07:00:00Z');
    await Promise.all([counted({ n: 1 })(database().db, user.sessionId), counted({ n: 2 })(database().db, user.sessionId)]);
    expect(reads).toBe(3);
  });

  it('a new timezone moves the calendar and the weekly buckets at once', async () => {
    // Sunday 23:30 UTC: Monday in Berlin, Sunday in UTC
    const user = await userWithRun('2024-06-02T23:30:00Z');
    await updateUser(database().db, user.userId, { timezone: 'Europe/Berlin' });
    const days = async () =>
      (await read<{ date: string; activities: unknown[] }[]>(calendarRoute, '/api/v1/stats/calendar?month=2024-06', user.token))
        .filter((d) => d.activities.length)
        .map((d) => d.date);
    const weeks = async () =>
      (await read<{ start: string; count: number }[]>(statsRoute, '/api/v1/stats?period=week&start_date=2024-05-27&end_date=2024-06-09', user.token)).map(
        (b) => b.count,
      );
    expect(await days()).toEqual(['2024-06-03']);
    expect(await weeks()).toEqual([0, 1]);

    // kept: a write that raises no version is not seen
    await database().db.update(activityDays).set({ count: 7 }).where(eq(activityDays.userId, user.userId));
    expect(await weeks()).toEqual([0, 1]);

    await updateUser(database().db, user.userId, { timezone: 'UTC' });
    expect(await days()).toEqual(['2024-06-02']);
    expect(await weeks()).toEqual([1, 0]);
  });

  it('efforts written again without their activity (the backfill) change the records at once', async () => {
    const user = await userWithRun('2024-06-05T07:00:00Z');
    const records = () => read<{ best_efforts: { distance: number; elapsed_time: number }[] }>(recordsRoute, '/api/v1/records?type=run', user.token);
    await storeActivityEfforts(database().db, user.userId, user.activityId, {
      bestEfforts: [{ distance: 1000, elapsedTime: 300, startOffset: 0 }],
      powerCurve: [],
      hrCurve: [],
      gapEfforts: [],
    });
    expect((await records()).best_efforts.find((e) => e.distance === 1000)?.elapsed_time).toBe(300);

    await storeActivityEfforts(database().db, user.userId, user.activityId, {
      bestEfforts: [{ distance: 1000, elapsedTime: 280, startOffset: 10 }],
      powerCurve: [],
      hrCurve: [],
      gapEfforts: [],
    });
    expect((await records()).best_efforts.find((e) => e.distance === 1000)?.elapsed_time).toBe(280);
  });

  it("this week's summary starts again when the week does, and the fitness series follows a load written to the activity", async () => {
    const user = await userWithRun('2024-06-05T07:00:00Z');
    const summary = () => read<{ this_week: { count: number }; all_time: { count: number } }>(summaryRoute, '/api/v1/stats/summary', user.token);
    setClockForTests(new Date('2024-06-09T21:50:00Z'));
    expect((await summary()).this_week.count).toBe(1);
    // Monday 00:00 UTC (the profile's timezone): a new week, whatever is kept
    setClockForTests(new Date('2024-06-10T00:00:00Z'));
    expect((await summary()).this_week.count).toBe(0);
    expect((await summary()).all_time.count).toBe(1);

    const fitness = async () =>
      (await read<{ load: number }[]>(fitnessRoute, '/api/v1/fitness?start_date=2024-06-05&end_date=2024-06-05', user.token))[0]!.load;
    expect(await fitness()).toBe(0);
    await database().db.execute(sql`update activities set training_load = 42 where id = ${user.activityId}`);
    expect(await fitness()).toBe(42);
  });

  it("a load recompute's steps keep the answer from before it; its last step moves it to the new loads at once", async () => {
    const user = await userWithRun('2024-06-05T07:00:00Z');
    // half an hour at 150 bpm, as the parse worker would have measured it
    await database()
      .db.update(activityLoads)
      .set({ hrSeconds: [[150, 1800]] })
      .where(eq(activityLoads.activityId, user.activityId));
    const fitness = async () =>
      (await read<{ load: number }[]>(fitnessRoute, '/api/v1/fitness?start_date=2024-06-05&end_date=2024-06-05', user.token))[0]!.load;
    expect(await fitness()).toBe(0);
    await database().db.insert(trainingThresholds).values({ userId: user.userId, effectiveFrom: '2024-01-01', maxHr: 190, restingHr: 50, lthr: 165 });
    expect(await recomputeActivityLoads(database().db, user.userId, 0, 100)).toEqual({ lastId: user.activityId, count: 1 });
    const [stored] = await database().db.select({ load: activities.trainingLoad }).from(activities).where(eq(activities.id, user.activityId));
    expect(stored!.load).toBeGreaterThan(0);
    expect(await fitness()).toBe(0);
    await publishRecomputedLoads(database().db, user.userId);
    expect(await fitness()).toBe(Math.round(stored!.load! * 100) / 100);
  });
});

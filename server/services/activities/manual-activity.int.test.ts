import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as activitiesRoute from '@/app/api/v1/activities/route';
import { activityEfforts } from '@/db/schema';
import { createTrpcContext } from '@/server/trpc/context';
import { createCallerFactory } from '@/server/trpc/init';
import { appRouter } from '@/server/trpc/root';
import { ROUTE_BASE, noParams, routeTestDatabase } from '@/server/testing/route-tests';
import { signedInUser } from '@/server/testing/signed-in-user';
import { testEngines } from '@/server/testing/test-database';
import { getRecords } from '../efforts/get-records';
import { getCalendar } from '../stats/get-calendar';
import { getStats } from '../stats/get-stats';
import { createThreshold } from '../training-load/create-threshold';
import { getFitness } from '../training-load/get-fitness';
import type { ActivityResponse } from './schemas';

// CONTRACT: Real history and hand-made activities: Hand-made activities: POST /activities and its
// tRPC twin; 201 with the record (source manual, has_streams false), 422 naming bad fields,
// moving_time defaulting to and never above total_elapsed_time, Idempotency-Key replays; counted
// in statistics, calendar, whole-activity records and training load, never in best efforts.

let peer = 0;

describe.each(testEngines())('hand-made activities on %s', (engine) => {
  const database = routeTestDatabase(engine);
  const post = async (token: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await activitiesRoute.POST(
      new Request(`${ROUTE_BASE}/api/v1/activities`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'x-client-type': 'mobile',
          'content-type': 'application/json',
          'x-stride-peer': `10.8.0.${++peer % 250}`,
          ...headers,
        },
        body: JSON.stringify(body),
      }),
      noParams,
    );
    return { status: res.status, headers: res.headers, body: (await res.json()) as ActivityResponse & { errors?: { field: string; message: string }[] } };
  };
  const gym = { name: 'Gym session', activity_type: 'strength', start_time: '2024-05-06T18:30:00+02:00', total_elapsed_time: 3600 };

  it('201 with the record: source manual, no streams, moving time = elapsed time, private unless asked, end from the duration', async () => {
    const user = await signedInUser(database().db);
    const { status, body } = await post(user.token, gym);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      user_id: user.userId,
      name: 'Gym session',
      activity_type: 'strength',
      source: 'manual',
      has_streams: false,
      total_elapsed_time: 3600,
      moving_time: 3600,
      visibility: 'private',
      is_hidden: false,
      start_time: '2024-05-06T16:30:00.000Z',
      end_time: '2024-05-06T17:30:00.000Z',
      distance: null,
    });
    const run = await post(user.token, {
      ...gym,
      name: 'Run without a watch',
      activity_type: 'run',
      start_time: '2024-05-07T07:00:00Z',
      timezone: 'Europe/Vienna',
      moving_time: 2400,
      distance: 8000,
      elevation_gain: 120,
      average_hr: 150,
      calories: 600,
      description: 'Along the river',
      visibility: 'public',
    });
    expect(run.status).toBe(201);
    expect(run.body).toMatchObject({
      moving_time: 2400,
      distance: 8000,
      elevation_gain: 120,
      average_hr: 150,
      calories: 600,
      timezone: 'Europe/Vienna',
      visibility: 'public',
    });
    expect(run.body.average_speed).toBeCloseTo(8000 / 2400, 6);
    expect(run.body.average_pace).toBeCloseTo(300, 6);
  });

  it('422 naming each bad or missing field; moving_time above total_elapsed_time and unknown fields are refused', async () => {
    const user = await signedInUser(database().db);
    const missing = await post(user.token, { activity_type: 'jogging', start_time: '2024-05-06 18:30', distance: -1 });
    expect(missing.status).toBe(422);
    const fields = missing.body.errors!.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['/name', '/activity_type', '/start_time', '/total_elapsed_time', '/distance']));
    const longer = await post(user.token, { ...gym, moving_time: 4000 });
    expect(longer.status).toBe(422);
    expect(longer.body.errors).toEqual([expect.objectContaining({ field: '/moving_time' })]);
    const unknown = await post(user.token, { ...gym, max_power: 400 });
    expect(unknown.status).toBe(422);
    const otherGear = await post(user.token, { ...gym, gear_id: 999_999 });
    expect(otherGear.status).toBe(422);
    expect(otherGear.body.errors).toEqual([expect.objectContaining({ field: '/gear_id' })]);
  });

  it('Idempotency-Key replays the first answer (marked), another body under it is 409, and one activity is stored', async () => {
    const user = await signedInUser(database().db);
    const first = await post(user.token, gym, { 'idempotency-key': 'manual-1' });
    const again = await post(user.token, gym, { 'idempotency-key': 'manual-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await post(user.token, { ...gym, total_elapsed_time: 1800 }, { 'idempotency-key': 'manual-1' });
    expect(other.status).toBe(409);
  });

  it('the tRPC twin stores the same record, and its idempotency_key replays', async () => {
    const user = await signedInUser(database().db);
    const req = new Request(`${ROUTE_BASE}/api/trpc`, {
      headers: { authorization: `Bearer ${user.token}`, 'x-client-type': 'mobile', 'x-stride-peer': '10.8.1.1' },
    });
    const caller = createCallerFactory(appRouter)(await createTrpcContext({ req }));
    const created = await caller.activities.createManual({ activity: { ...gym, activity_type: 'strength' }, idempotency_key: 'form-1' });
    expect(created).toMatchObject({ source: 'manual', has_streams: false, moving_time: 3600, user_id: user.userId });
    expect(await caller.activities.createManual({ activity: { ...gym, activity_type: 'strength' }, idempotency_key: 'form-1' })).toEqual(created);
    await expect(caller.activities.createManual({ activity: { ...gym, activity_type: 'strength', moving_time: 3601 } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('counts in statistics, the calendar, longest and biggest climb, and training load (TRIMP at average_hr over the moving time); never in best efforts', async () => {
    const { db } = database();
    const user = await signedInUser(db);
    await createThreshold(db, user.userId, { effective_from: '2020-01-01', max_hr: 190, resting_hr: 50, lthr: 170, ftp: null, threshold_pace: null });
    const { body } = await post(user.token, {
      ...gym,
      name: 'Long walk',
      activity_type: 'run',
      start_time: '2024-06-10T08:00:00Z',
      total_elapsed_time: 7200,
      moving_time: 6000,
      distance: 30_000,
      elevation_gain: 900,
      average_hr: 155,
    });
    const stats = await getStats(db, user.userId, { period: 'month', start_date: '2024-06-01', end_date: '2024-06-30' });
    expect(stats[0]).toMatchObject({ count: 1, distance: 30_000, moving_time: 6000, elevation_gain: 900 });
    const calendar = await getCalendar(db, user.userId, '2024-06', 'UTC');
    expect(calendar.find((d) => d.date === '2024-06-10')!.activities).toEqual([expect.objectContaining({ id: body.id, distance: 30_000 })]);
    const records = await getRecords(db, user.userId, { type: 'run' });
    expect(records.longest).toMatchObject({ activity_id: body.id, distance: 30_000 });
    expect(records.biggest_climb).toMatchObject({ activity_id: body.id, elevation_gain: 900 });
    expect(records.best_efforts).toEqual([]);
    expect(await db.select().from(activityEfforts).where(eq(activityEfforts.activityId, body.id))).toEqual([]);
    // Banister over 6000 s at r = (155 − 50)/(190 − 50) = 0.75
    const r = 0.75;
    const trimp = (6000 / 60) * r * 0.64 * Math.exp(1.92 * r);
    const hourAtLthr = 60 * ((170 - 50) / 140) * 0.64 * Math.exp(1.92 * ((170 - 50) / 140));
    const [row] = await getFitness(db, user.userId, { start_date: '2024-06-10', end_date: '2024-06-10' });
    expect(row!.load).toBeCloseTo((trimp / hourAtLthr) * 100, 1);
    expect(body).toMatchObject({ load_method: 'hr' });
    expect(body.trimp).toBeCloseTo(trimp, 6);
  });
});

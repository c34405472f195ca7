import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as statsRoute from '@/app/api/v1/stats/route';
import * as calendarRoute from '@/app/api/v1/stats/calendar/route';
import * as summaryRoute from '@/app/api/v1/stats/summary/route';
import { users } from '@/db/schema';
import type { ParsedActivity } from '@/server/formats';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { setClockForTests } from '@/server/clock';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { updateActivity } from '../activities/update-activity';
import { ingestActivities } from '../ingestion/ingest-activities';
import type { CalendarResponse, StatsBucket, SummaryResponse } from './schemas';

const BASE = 'http://127.0.0.1:3000';
let peer = 0;
const get = (path: string, token: string) =>
  new Request(BASE + path, { headers: { authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'x-stride-peer': `10.6.0.${(peer += 1) % 250}` } });
const noParams = { params: Promise.resolve({}) };

interface Made {
  start: string;
  type: string;
  distance: number;
  moving: number;
  elapsed: number;
  gain: number;
  calories: number;
}

function activity(m: Made): ParsedActivity {
  return parsedActivity({
    name: `A ${m.start}`,
    activityType: m.type as ParsedActivity['activityType'],
    startTime: new Date(m.start),
    totalElapsedTime: m.elapsed,
    distance: m.distance,
    movingTime: m.moving,
    elevationGain: m.gain,
    calories: m.calories,
  });
}

/** The local calendar day of an instant in a timezone, straight from Intl (not from SQL). */
function localDay(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}
/** The Monday of a yyyy-MM-dd day's week, by calendar arithmetic on the date alone. */
function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

describe.each(testEngines())('statistics and calendar on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    useTestEnv();
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(async () => {
    setClockForTests(undefined);
    await database.close();
  });

  const userIn = async (timezone: string) => {
    const user = await signedInUser(database.db);
    await database.db.update(users).set({ timezone }).where(eq(users.id, user.userId));
    return user;
  };
  const store = async (userId: number, made: Made[]) =>
    (await ingestActivities(database.db, userId, made.map(activity), { source: 'upload' }, { awaitSubscribers: true })).map((i) => i.row.id);
  const stats = async (token: string, query: string) => {
    const res = await statsRoute.GET(get(`/api/v1/stats?${query}`, token), noParams);
    expect(res.status).toBe(200);
    return (await res.json()) as StatsBucket[];
  };
  const made = (start: string, type = 'run', distance = 5000): Made => ({ start, type, distance, moving: 1500, elapsed: 1600, gain: 40, calories: 300 });

  it('CONTRACT: … Statistics and calendar: a Sunday 23:30 UTC activity in Europe/Berlin lands on Monday, in its week and on its calendar day', async () => {
    const user = await userIn('Europe/Berlin');
    // Sunday 2024-06-09 23:30 UTC is Monday 2024-06-10 01:30 in Berlin
    await store(user.userId, [made('2024-06-09T23:30:00Z')]);
    const weeks = await stats(user.token, 'period=week&start_date=2024-06-03&end_date=2024-06-16');
    expect(weeks.map((w) => [w.start, w.count])).toEqual([
      ['2024-06-03', 0],
      ['2024-06-10', 1],
    ]);
    const res = await calendarRoute.GET(get('/api/v1/stats/calendar?month=2024-06', user.token), noParams);
    const days = (await res.json()) as CalendarResponse;
    expect(days).toHaveLength(30);
    expect(days.filter((d) => d.activities.length).map((d) => d.date)).toEqual(['2024-06-10']);
  });

  it('CONTRACT: … Statistics and calendar: weeks across both DST changes start on local Monday midnight', async () => {
    const user = await userIn('Europe/Berlin');
    // around 2024-03-31 (CET → CEST) and 2024-10-27 (CEST → CET): a minute before and after each local Monday 00:00
    const starts = [
      '2024-03-24T22:59:00Z',
      '2024-03-24T23:01:00Z',
      '2024-03-31T21:59:00Z',
      '2024-03-31T22:01:00Z',
      '2024-10-27T22:59:00Z',
      '2024-10-27T23:01:00Z',
    ];
    await store(
      user.userId,
      starts.map((s) => made(s)),
    );
    const weeks = await stats(user.token, 'period=week&start_date=2024-03-18&end_date=2024-11-03');
    const expected = new Map<string, number>();
    for (const s of starts) expected.set(mondayOf(localDay(s, 'Europe/Berlin')), (expected.get(mondayOf(localDay(s, 'Europe/Berlin'))) ?? 0) + 1);
    expect(Object.fromEntries(weeks.filter((w) => w.count).map((w) => [w.start, w.count]))).toEqual(Object.fromEntries(expected));
    expect(Object.fromEntries(expected)).toEqual({ '2024-03-18': 1, '2024-03-25': 2, '2024-04-01': 1, '2024-10-21': 1, '2024-10-28': 1 });
    // every week of the range is there, empty ones included, oldest first
    expect(weeks).toHaveLength(33);
    expect(weeks.every((w, i) => i === 0 || Date.parse(w.start) - Date.parse(weeks[i - 1]!.start) === 7 * 86_400_000)).toBe(true);
  });

  it('CONTRACT: … Statistics and calendar: week, month and year buckets equal the sums of the records, by type, hidden ones left out', async () => {
    const user = await userIn('America/New_York');
    const types = ['run', 'ride', 'swim', 'trail_run'];
    const items: Made[] = Array.from({ length: 60 }, (_, i) => ({
      start: new Date(Date.UTC(2023, 0, 2, 12) + i * 9.7 * 86_400_000 + (i % 7) * 3_600_000).toISOString(),
      type: types[i % types.length]!,
      distance: 1000 + i * 137.5,
      moving: 600 + i * 11,
      elapsed: 700 + i * 13,
      gain: i * 3.5,
      calories: 100 + i,
    }));
    const ids = await store(user.userId, items);
    await updateActivity(database.db, user.userId, ids[5]!, { is_hidden: true }, undefined);
    const visible = items.filter((_, i) => i !== 5);
    const bucketOf = {
      week: (day: string) => mondayOf(day),
      month: (day: string) => `${day.slice(0, 7)}-01`,
      year: (day: string) => `${day.slice(0, 4)}-01-01`,
    };
    for (const period of ['week', 'month', 'year'] as const) {
      const answer = await stats(user.token, `period=${period}&start_date=2023-01-01&end_date=2024-12-31`);
      const expected = new Map<string, StatsBucket>();
      for (const m of visible) {
        const key = bucketOf[period](localDay(m.start, 'America/New_York'));
        const b = expected.get(key) ?? { start: key, count: 0, distance: 0, moving_time: 0, elapsed_time: 0, elevation_gain: 0, calories: 0, by_type: {} };
        b.count++;
        b.distance += m.distance;
        b.moving_time += m.moving;
        b.elapsed_time += m.elapsed;
        b.elevation_gain += m.gain;
        b.calories += m.calories;
        const t = (b.by_type[m.type] ??= { count: 0, distance: 0, moving_time: 0 });
        t.count++;
        t.distance += m.distance;
        t.moving_time += m.moving;
        expected.set(key, b);
      }
      const nonEmpty = answer.filter((b) => b.count);
      expect(nonEmpty.map((b) => b.start)).toEqual([...expected.keys()].sort());
      for (const b of nonEmpty) {
        const e = expected.get(b.start)!;
        expect(b.count).toBe(e.count);
        for (const k of ['distance', 'moving_time', 'elapsed_time', 'elevation_gain', 'calories'] as const) expect(b[k]).toBeCloseTo(e[k], 6);
        expect(Object.keys(b.by_type).sort()).toEqual(Object.keys(e.by_type).sort());
      }
      expect(answer.filter((b) => !b.count).every((b) => Object.keys(b.by_type).length === 0 && b.distance === 0)).toBe(true);
    }
    const years = await stats(user.token, 'period=year&start_date=2023-05-05&end_date=2024-01-01');
    expect(years.map((y) => y.start)).toEqual(['2023-01-01', '2024-01-01']);
    const rides = await stats(user.token, 'period=year&start_date=2023-01-01&end_date=2024-12-31&type=run');
    expect(rides.reduce((n, y) => n + y.count, 0)).toBe(visible.filter((m) => m.type === 'run' || m.type === 'trail_run').length);
  });

  it('CONTRACT: … Statistics and calendar: the summary gives this week, month, year and all time in the profile timezone, and the weekly streak', async () => {
    const user = await userIn('Europe/Berlin');
    // "now" is Wednesday 2024-06-12 10:00 in Berlin
    setClockForTests(new Date('2024-06-12T08:00:00Z'));
    try {
      const starts = [
        '2024-06-09T23:30:00Z',
        '2024-06-03T06:00:00Z',
        '2024-05-28T06:00:00Z',
        '2024-05-13T06:00:00Z',
        '2023-12-31T23:30:00Z',
        '2024-06-20T06:00:00Z',
      ];
      await store(
        user.userId,
        starts.map((s) => made(s, 'run', 1000)),
      );
      const res = await summaryRoute.GET(get('/api/v1/stats/summary', user.token), noParams);
      const summary = (await res.json()) as SummaryResponse;
      // this week: the Monday 01:30 one; the 2024-06-20 one is next week (counted in month, year, all time)
      expect(summary.this_week).toEqual({ count: 1, distance: 1000, moving_time: 1500, elevation_gain: 40 });
      expect(summary.this_month.count).toBe(3);
      // 2023-12-31 23:30 UTC is 2024-01-01 00:30 in Berlin
      expect(summary.this_year.count).toBe(6);
      expect(summary.all_time.count).toBe(6);
      // weeks of 06-10, 06-03, 05-27 hold one each; 05-20 none
      expect(summary.streak_weeks).toBe(3);
      // history begins on the first activity's local day: 2023-12-31 23:30 UTC is 2024-01-01 in Berlin
      expect(summary.first_day).toBe('2024-01-01');
    } finally {
      setClockForTests(undefined);
    }
  });

  it('refuses a reversed range, a bad period or month with a problem', async () => {
    const user = await userIn('UTC');
    for (const query of ['period=week&start_date=2024-02-01&end_date=2024-01-01', 'period=day&start_date=2024-01-01&end_date=2024-02-01']) {
      const res = await statsRoute.GET(get(`/api/v1/stats?${query}`, user.token), noParams);
      expect(res.status).toBe(422);
    }
    // spec: Errors: a missing parameter is a 400 naming it
    const missing = await statsRoute.GET(get('/api/v1/stats?period=week&start_date=2024-01-01', user.token), noParams);
    expect(missing.status).toBe(400);
    expect((await missing.json()).detail).toContain('end_date');
    const res = await calendarRoute.GET(get('/api/v1/stats/calendar?month=2024-13', user.token), noParams);
    expect(res.status).toBe(422);
  });

  it('CONTRACT: … Statistics and calendar: the range is bounded by its number of periods, so a whole history by year or month is one answer', async () => {
    const user = await userIn('UTC');
    await store(user.userId, [made('1996-05-05T08:00:00Z'), made('2024-05-05T08:00:00Z')]);
    const years = await stats(user.token, 'period=year&start_date=1990-01-01&end_date=2024-12-31');
    expect(years).toHaveLength(35);
    expect(years.filter((y) => y.count).map((y) => y.start)).toEqual(['1996-01-01', '2024-01-01']);
    expect(await stats(user.token, 'period=month&start_date=1990-01-01&end_date=2024-12-31')).toHaveLength(420);
    // 35 years by week would be 1,827 buckets: refused, naming the field
    const weeks = await statsRoute.GET(get('/api/v1/stats?period=week&start_date=1990-01-01&end_date=2024-12-31', user.token), noParams);
    expect(weeks.status).toBe(422);
    expect(JSON.stringify(await weeks.json())).toContain('end_date');
    const empty = await summaryRoute.GET(get('/api/v1/stats/summary', (await userIn('UTC')).token), noParams);
    expect(((await empty.json()) as SummaryResponse).first_day).toBeNull();
  });
});

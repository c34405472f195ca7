import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bestEffortsRoute from '@/app/api/v1/activities/[activity_id]/best_efforts/route';
import { listRecentRecords } from './list-recent-records';
import * as recentRecordsRoute from '@/app/api/v1/records/recent/route';
import * as recordsRoute from '@/app/api/v1/records/route';
import { parseActivityFile, type ParsedActivity } from '@/server/formats';
import { BEST_EFFORT_DISTANCES } from '@/server/formats/metrics/best-efforts';
import { POWER_CURVE_DURATIONS } from '@/server/formats/metrics/power-curve';
import { oracleBestEffort, oracleBestPower, oraclePowerGrid } from '@/server/formats/metrics/test-support/efforts-oracle';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { prepareActivity } from '@/server/services/ingestion/prepare-activity';
import { deleteActivity } from '../activities/delete-activity';
import { getActivityOrThrow } from '../activities/get-activity-or-throw';
import { getActivityStreams } from '../activities/get-activity-streams';
import { updateActivity } from '../activities/update-activity';
import { ingestActivities } from '../ingestion/ingest-activities';
import type { BestEffortsResponse, RecentRecordsResponse, RecordsResponse } from './schemas';

const BASE = 'http://127.0.0.1:3000';
let peer = 0;
const get = (path: string, token: string) =>
  new Request(BASE + path, { headers: { authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'x-stride-peer': `10.7.0.${(peer += 1) % 250}` } });

/** A run of `seconds` at `paceAt(second)` s/km, one sample a second, with `watts` of power. */
function madeRun(start: string, seconds: number, paceAt: (s: number) => number, watts?: (s: number) => number): ParsedActivity {
  const time: number[] = [];
  const distance: number[] = [];
  let x = 0;
  for (let s = 0; s <= seconds; s++) {
    time.push(s);
    distance.push(Math.round(x * 100) / 100);
    x += 1000 / paceAt(s);
  }
  return parsedActivity({
    startTime: new Date(start),
    totalElapsedTime: seconds,
    distance: x,
    movingTime: seconds,
    elevationGain: 10,
    streams: { time, distance, ...(watts ? { power: time.map(watts) } : {}) },
  });
}

describe.each(testEngines())('best efforts, power curve and records on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    useTestEnv();
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(() => database.close());

  const store = async (userId: number, parsed: ParsedActivity[]) =>
    (await ingestActivities(database.db, userId, parsed.map(prepareActivity), { source: 'upload' }, { awaitSubscribers: true })).map((i) => i.row.id);
  const bestEfforts = async (token: string, id: number) => {
    const res = await bestEffortsRoute.GET(get(`/api/v1/activities/${id}/best_efforts`, token), { params: Promise.resolve({ activity_id: String(id) }) });
    expect(res.status).toBe(200);
    return (await res.json()) as BestEffortsResponse;
  };
  const records = async (token: string, query: string) => {
    const res = await recordsRoute.GET(get(`/api/v1/records?${query}`, token), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    return (await res.json()) as RecordsResponse;
  };

  const recentRecords = async (token: string, query: string) => {
    const res = await recentRecordsRoute.GET(get(`/api/v1/records/recent?${query}`, token), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    return (await res.json()) as RecentRecordsResponse;
  };

  it.each([
    ['tcx/garmin_fr305_run_23laps.tcx', 'run'],
    ['fit/tomtom_run.fit', 'run'],
    ['fit/zwift_virtual_ride.fit', 'ride'],
    ['tcx/garmin_edge705_ride_power_large.tcx', 'ride'],
  ])('CONTRACT: … Best efforts and records: every effort and power value of %s equals the definition run over its stored streams', async (file) => {
    const user = await signedInUser(database.db);
    const [id] = await store(user.userId, await parseActivityFile(readCorpusFile(file), file));
    const stored = (await getActivityStreams(database.db, user.userId, id!)) as Record<string, (number | null)[]>;
    const answer = await bestEfforts(user.token, id!);
    const { time, distance, power } = stored;
    const runFamily = answer.efforts.length > 0;
    if (runFamily) {
      const expected = BEST_EFFORT_DISTANCES.map((D) => [D, oracleBestEffort(time!, distance!, D)] as const).filter(([, e]) => e);
      expect(answer.efforts).toEqual(
        expected.map(([D, e]) => ({ distance: D, elapsed_time: Math.round(e!.elapsed), start_offset: Math.round(e!.start), pr_rank: 1 })),
      );
    }
    if (power) {
      const grid = oraclePowerGrid(time!, power);
      const expected = POWER_CURVE_DURATIONS.filter((T) => T <= grid.length).map((T) => ({
        duration: T,
        watts: Math.round(oracleBestPower(grid, T)!),
        pr_rank: 1,
      }));
      expect(answer.power_curve).toEqual(expected);
    }
    expect(runFamily || !!power).toBe(true);
  });

  it('CONTRACT: … Best efforts and records: pr_rank counts earlier starts only, ties rank the earlier start higher, and follows delete, hide and re-type', async () => {
    const user = await signedInUser(database.db);
    // 1 km times: A 300 s, B 240 s, C 300 s (ties A, started later), D 270 s
    const paces = { A: 300, B: 240, C: 300, D: 270 } as const;
    const names = Object.keys(paces) as (keyof typeof paces)[];
    const ids = await store(
      user.userId,
      names.map((n, i) =>
        madeRun(
          `2024-05-0${i + 1}T07:00:00Z`,
          1200,
          () => paces[n],
          () => 200 + i * 10,
        ),
      ),
    );
    const id = Object.fromEntries(names.map((n, i) => [n, ids[i]!])) as Record<keyof typeof paces, number>;
    const rankOf = async (n: keyof typeof paces, distance = 1000) =>
      (await bestEfforts(user.token, id[n])).efforts.find((e) => e.distance === distance)!.pr_rank;
    const wattsRank = async (n: keyof typeof paces) => (await bestEfforts(user.token, id[n])).power_curve.find((p) => p.duration === 60)!.pr_rank;

    /** straightforward ranks: among visible run-family activities started up to this one, by (time, start) */
    const expectedRanks = (visible: (keyof typeof paces)[]) =>
      Object.fromEntries(
        visible.map((n) => {
          const upTo = visible.filter((o) => names.indexOf(o) <= names.indexOf(n));
          const order = [...upTo].sort((a, b) => paces[a] - paces[b] || names.indexOf(a) - names.indexOf(b));
          const rank = order.indexOf(n) + 1;
          return [n, rank <= 3 ? rank : null];
        }),
      );
    const ranksNow = async (visible: (keyof typeof paces)[]) => Object.fromEntries(await Promise.all(visible.map(async (n) => [n, await rankOf(n)])));

    expect(await ranksNow(names)).toEqual(expectedRanks(names));
    expect(await ranksNow(names)).toEqual({ A: 1, B: 1, C: 3, D: 2 });
    // power: each later run is 10 W stronger, so each sets the record when it happens
    expect(await Promise.all(names.map(wattsRank))).toEqual([1, 1, 1, 1]);

    await deleteActivity(database.db, user.userId, id.B);
    expect(await ranksNow(['A', 'C', 'D'])).toEqual(expectedRanks(['A', 'C', 'D']));
    expect(await rankOf('D')).toBe(1);

    await updateActivity(database.db, user.userId, id.A, { is_hidden: true }, undefined);
    expect(await ranksNow(['C', 'D'])).toEqual(expectedRanks(['C', 'D']));
    expect(await rankOf('A')).toBeNull();

    // re-typed to a ride: its efforts leave the run family (it shows none) and C ranks alone
    await updateActivity(database.db, user.userId, id.D, { activity_type: 'ride' }, undefined);
    expect((await bestEfforts(user.token, id.D)).efforts).toEqual([]);
    expect(await wattsRank('D')).toBe(1);
    expect(await rankOf('C')).toBe(1);
    await updateActivity(database.db, user.userId, id.D, { activity_type: 'trail_run' }, undefined);
    expect(await rankOf('D')).toBe(1);
  });

  it('CONTRACT: … Best efforts and records: GET /records gives the best of each distance and duration, the longest and the biggest climb, per family and year; GET /records/recent the efforts ranked 1 when set', async () => {
    const user = await signedInUser(database.db);
    const runs = [
      madeRun(
        '2023-06-01T07:00:00Z',
        1500,
        () => 280,
        () => 250,
      ),
      {
        ...madeRun(
          '2024-06-01T07:00:00Z',
          2400,
          () => 320,
          () => 300,
        ),
        // the holder's own zone, not the profile's (UTC), dates the record on the page (issue 50)
        timezone: 'Pacific/Honolulu',
      },
      madeRun(
        '2024-07-01T07:00:00Z',
        900,
        () => 250,
        () => 180,
      ),
    ];
    const ride = {
      ...madeRun(
        '2024-08-01T07:00:00Z',
        4000,
        () => 120,
        () => 400,
      ),
      activityType: 'ride' as const,
      elevationGain: 900,
    };
    const ids = await store(user.userId, [...runs, ride]);
    const all = await records(user.token, 'type=run');
    // the straightforward answer: per distance the least time among the run family's efforts
    const efforts = await Promise.all(ids.slice(0, 3).map(async (id) => ({ id, answer: await bestEfforts(user.token, id) })));
    for (const D of BEST_EFFORT_DISTANCES) {
      const candidates = efforts.flatMap(({ id, answer }) => answer.efforts.filter((e) => e.distance === D).map((e) => ({ id, time: e.elapsed_time })));
      const best = candidates.sort((a, b) => a.time - b.time || a.id - b.id)[0];
      const found = all.best_efforts.find((e) => e.distance === D);
      expect(found && { id: found.activity_id, time: found.elapsed_time }).toEqual(best);
    }
    expect(all.power_curve.find((p) => p.duration === 60)).toMatchObject({ watts: 300, activity_id: ids[1] });
    // each best names its activity as stored: name, type and time zone (issue 50)
    for (const best of [...all.best_efforts, ...all.power_curve]) {
      const held = await getActivityOrThrow(database.db, user.userId, best.activity_id);
      expect(best).toMatchObject({ activity_name: held.name, activity_type: held.activityType, timezone: held.timezone });
    }
    expect(all.power_curve.find((p) => p.duration === 60)?.timezone).toBe('Pacific/Honolulu');
    expect(all.longest).toEqual({ distance: runs[1]!.distance, activity_id: ids[1] });
    expect(all.longest_time).toEqual({ moving_time: 2400, activity_id: ids[1] });
    expect(all.biggest_climb).toMatchObject({ elevation_gain: 10, activity_id: ids[0] });

    const in2023 = await records(user.token, 'type=run&year=2023');
    expect(in2023.longest?.activity_id).toBe(ids[0]);
    expect(new Set(in2023.best_efforts.map((e) => e.activity_id))).toEqual(new Set([ids[0]]));

    const rides = await records(user.token, 'type=ride');
    expect(rides.best_efforts).toEqual([]);
    expect(rides.power_curve.find((p) => p.duration === 60)).toMatchObject({ watts: 400, activity_id: ids[3] });
    expect(rides.biggest_climb).toEqual({ elevation_gain: 900, activity_id: ids[3] });

    // GET /records/recent: the efforts ranked 1 when set, newest activity first, then kind and measure
    const starts = [...runs, ride].map((r) => r.startTime.toISOString());
    const stored = await Promise.all(ids.map((id) => getActivityOrThrow(database.db, user.userId, id)));
    const names = stored.map((a) => a.name);
    const rankedFirst = (await Promise.all(ids.map((id) => bestEfforts(user.token, id)))).flatMap((answer, i) => [
      ...answer.efforts.filter((e) => e.pr_rank === 1).map((e) => ({ kind: 'distance', measure: e.distance, value: e.elapsed_time, i })),
      ...answer.power_curve.filter((p) => p.pr_rank === 1).map((p) => ({ kind: 'power', measure: p.duration, value: p.watts, i })),
    ]);
    const expected = rankedFirst
      .sort((a, b) => starts[b.i]!.localeCompare(starts[a.i]!) || a.kind.localeCompare(b.kind) || a.measure - b.measure)
      .map(({ kind, measure, value, i }) => ({
        kind,
        measure,
        value,
        activity_id: ids[i],
        activity_name: names[i],
        activity_type: stored[i]!.activityType as string,
        start_time: starts[i],
      }));
    expect(expected.length).toBeGreaterThan(7);
    const recent = await recentRecords(user.token, 'limit=7');
    expect(recent).toEqual(expected.slice(0, 7));
    // the dashboard's list: one record an activity, its most notable (the longest distance, else the longest power duration)
    const perActivity = await listRecentRecords(database.db, user.userId, 7, { onePerActivity: true });
    expect(perActivity.map((r) => r.activity_id)).toEqual([...new Set(expected.map((r) => r.activity_id))].slice(0, 7));
    for (const record of perActivity) {
      const own = expected.filter((r) => r.activity_id === record.activity_id);
      const distance = own.filter((r) => r.kind === 'distance');
      expect(record).toEqual((distance.length ? distance : own).reduce((a, b) => (b.measure > a.measure ? b : a)));
    }
    const bad = await recentRecordsRoute.GET(get('/api/v1/records/recent?limit=0', user.token), { params: Promise.resolve({}) });
    expect(bad.status).toBe(422);
  });

  it("refuses an unknown type with a problem, and another user's activity with 404", async () => {
    const user = await signedInUser(database.db);
    const other = await signedInUser(database.db);
    const [id] = await store(other.userId, [madeRun('2024-01-01T07:00:00Z', 600, () => 300)]);
    const bad = await recordsRoute.GET(get('/api/v1/records?type=flying', user.token), { params: Promise.resolve({}) });
    expect(bad.status).toBe(422);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    const res = await bestEffortsRoute.GET(get(`/api/v1/activities/${id}/best_efforts`, user.token), { params: Promise.resolve({ activity_id: String(id) }) });
    expect(res.status).toBe(404);
  });
});

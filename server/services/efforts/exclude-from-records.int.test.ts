import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as activityRoute from '@/app/api/v1/activities/[activity_id]/route';
import * as bestEffortsRoute from '@/app/api/v1/activities/[activity_id]/best_efforts/route';
import * as recentRecordsRoute from '@/app/api/v1/records/recent/route';
import * as recordsRoute from '@/app/api/v1/records/route';
import type { ParsedActivity } from '@/server/formats';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { createTrpcContext } from '@/server/trpc/context';
import { createCallerFactory } from '@/server/trpc/init';
import { appRouter } from '@/server/trpc/root';
import { prepareActivity } from '@/server/services/ingestion/prepare-activity';
import { ingestActivities } from '../ingestion/ingest-activities';
import type { BestEffortsResponse, RecentRecordsResponse, RecordsResponse } from './schemas';

// CONTRACT: Real history … "The owner can take an activity out of records: exclude_from_records
// (boolean, default false) in the activity record and in PATCH /activities/{id}'s closed body. An
// excluded activity keeps its efforts on its own page but has no pr_rank, and counts in no record
// and no other activity's rank."

const BASE = 'http://127.0.0.1:3000';
let peer = 0;
const request = (path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
  new Request(BASE + path, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      'x-client-type': 'mobile',
      'x-stride-peer': `10.9.0.${(peer += 1) % 250}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

/** A run of `seconds` at `pace` s/km with `watts` of power, one sample a second. */
function run(start: string, seconds: number, pace: number, watts: number): ParsedActivity {
  const time = Array.from({ length: seconds + 1 }, (_, s) => s);
  const distance = time.map((s) => Math.round((s * 100_000) / pace) / 100);
  return parsedActivity({
    startTime: new Date(start),
    totalElapsedTime: seconds,
    movingTime: seconds,
    distance: distance.at(-1)!,
    elevationGain: watts,
    streams: { time, distance, power: time.map(() => watts) },
  });
}

describe.each(testEngines())('exclude_from_records on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    useTestEnv();
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(() => database.close());

  const json = async <T>(res: Response, status = 200) => {
    expect(res.status).toBe(status);
    return (await res.json()) as T;
  };

  it('PATCH and the tRPC twin set it; the excluded run keeps its efforts unranked, leaves every record and ranks, and comes back when included', async () => {
    const user = await signedInUser(database.db);
    // the second run is the fastest, strongest, longest and climbs most; the third comes after it
    const ingested = await ingestActivities(
      database.db,
      user.userId,
      [run('2024-06-01T07:00:00Z', 1500, 300, 200), run('2024-06-02T07:00:00Z', 2400, 240, 300), run('2024-06-03T07:00:00Z', 1500, 280, 250)].map(
        prepareActivity,
      ),
      { source: 'upload' },
      { awaitSubscribers: true },
    );
    const [first, fast, third] = ingested.map((i) => i.row.id) as [number, number, number];
    const efforts = async (id: number) =>
      json<BestEffortsResponse>(
        await bestEffortsRoute.GET(request(`/api/v1/activities/${id}/best_efforts`, user.token), { params: Promise.resolve({ activity_id: String(id) }) }),
      );
    const records = async () => json<RecordsResponse>(await recordsRoute.GET(request('/api/v1/records?type=run', user.token), { params: Promise.resolve({}) }));
    const recent = async () =>
      json<RecentRecordsResponse>(await recentRecordsRoute.GET(request('/api/v1/records/recent?limit=50', user.token), { params: Promise.resolve({}) }));
    const record = async (id: number) =>
      json<Record<string, unknown>>(
        await activityRoute.GET(request(`/api/v1/activities/${id}`, user.token), { params: Promise.resolve({ activity_id: String(id) }) }),
      );
    const km = (e: BestEffortsResponse) => e.efforts.find((x) => x.distance === 1000)!;
    const minute = (e: BestEffortsResponse) => e.power_curve.find((x) => x.duration === 60)!;

    expect(await record(fast)).toMatchObject({ exclude_from_records: false });
    const before = await efforts(fast);
    expect([km(before).pr_rank, minute(before).pr_rank]).toEqual([1, 1]);
    expect([km(await efforts(third)).pr_rank, minute(await efforts(third)).pr_rank]).toEqual([2, 2]);
    expect((await records()).longest?.activity_id).toBe(fast);

    // PATCH: a closed body; the field must be a boolean
    const patch = (body: unknown) =>
      activityRoute.PATCH(request(`/api/v1/activities/${fast}`, user.token, { method: 'PATCH', body }), {
        params: Promise.resolve({ activity_id: String(fast) }),
      });
    expect((await patch({ exclude_from_records: 'yes' })).status).toBe(422);
    expect(await json<Record<string, unknown>>(await patch({ exclude_from_records: true }))).toMatchObject({ exclude_from_records: true });

    // its own page keeps its efforts, unranked
    const own = await efforts(fast);
    expect(own.efforts.map((e) => [e.distance, e.elapsed_time])).toEqual(before.efforts.map((e) => [e.distance, e.elapsed_time]));
    expect([...own.efforts, ...own.power_curve].every((e) => e.pr_rank === null)).toBe(true);
    // no other activity's rank counts it: the third run now ranks first
    expect([km(await efforts(third)).pr_rank, minute(await efforts(third)).pr_rank]).toEqual([1, 1]);
    // no record holds it: bests, power, longest, longest time, biggest climb, recent records
    const now = await records();
    const holders = [...now.best_efforts, ...now.power_curve].map((r) => r.activity_id);
    expect(holders).not.toContain(fast);
    expect(holders.length).toBeGreaterThan(0);
    expect([now.longest?.activity_id, now.longest_time?.activity_id, now.biggest_climb?.activity_id]).toEqual([third, first, third]);
    expect((await recent()).map((r) => r.activity_id)).not.toContain(fast);

    // the tRPC twin takes it back into records
    const caller = createCallerFactory(appRouter)(
      await createTrpcContext({ req: new Request(`${BASE}/api/trpc`, { headers: { authorization: `Bearer ${user.token}`, 'x-stride-peer': '10.9.1.1' } }) }),
    );
    expect(await caller.activities.update({ id: fast, changes: { exclude_from_records: false } })).toMatchObject({ exclude_from_records: false });
    expect([km(await efforts(fast)).pr_rank, km(await efforts(third)).pr_rank]).toEqual([1, 2]);
    expect((await records()).longest?.activity_id).toBe(fast);
    expect((await recent()).map((r) => r.activity_id)).toContain(fast);
  });
});

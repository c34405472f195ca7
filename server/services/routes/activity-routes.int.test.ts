import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as routesRoute from '@/app/api/v1/activities/routes/route';
import { activities, activityRoutes, jobs } from '@/db/schema';
import { parseActivityFile } from '@/server/formats';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { routePolyline } from '@/server/formats/route/route-polyline';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { parsedTrack } from '@/server/testing/parsed-track';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { ingestActivities } from '../ingestion/ingest-activities';
import { queueRouteBackfills } from './queue-route-backfills';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: GET /activities/routes, its filters,
// the polyline stored at ingest and by the backfill job.

const BASE = 'http://127.0.0.1:3000';
let peer = 0;
const noParams = { params: Promise.resolve({}) };

/** A line of points going north from (lat, lon), one every ~11 m. */
const line = (lat: number, lon: number, n = 50): [number, number][] => Array.from({ length: n }, (_, i) => [lat + i * 0.0001, lon]);

describe.each(testEngines())('activity routes on %s', (engine) => {
  let database: TestDatabase;
  const getRoutes = async (token: string, query: string) => {
    const res = await routesRoute.GET(
      new Request(`${BASE}/api/v1/activities/routes${query}`, {
        headers: { authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'x-stride-peer': `10.7.0.${(peer += 1) % 250}` },
      }),
      noParams,
    );
    return { status: res.status, body: (await res.json()) as { items?: { id: number; activity_type: string; start_time: string; polyline: string }[] } };
  };
  const ingest = async (userId: number, items: Parameters<typeof ingestActivities>[2]) =>
    (await ingestActivities(database.db, userId, items, { source: 'upload' }, { awaitSubscribers: true })).map((i) => i.row);

  beforeAll(async () => {
    useTestEnv();
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(() => database.close());

  it('an uploaded FIT ride gets its route at ingest; position-less and hidden activities are absent', async () => {
    const user = await signedInUser(database.db);
    const [ride] = await ingest(user.userId, await parseActivityFile(readCorpusFile('fit/garmin_edge500_ride_3h31.fit'), 'ride.fit'));
    const [indoor] = await ingest(user.userId, await parseActivityFile(readCorpusFile('fit/garmin_edge800_indoor_trainer.fit'), 'indoor.fit'));
    const [hidden] = await ingest(user.userId, [parsedTrack('2024-05-01T08:00:00Z', line(47, 8))]);
    await database.db.update(activities).set({ isHidden: true }).where(eq(activities.id, hidden!.id));
    const { status, body } = await getRoutes(user.token, '');
    expect(status).toBe(200);
    expect(body.items!.map((i) => i.id)).toEqual([ride!.id]);
    expect(body.items![0]).toMatchObject({ activity_type: ride!.activityType, start_time: ride!.startTime.toISOString() });
    const [stored] = await database.db.select().from(activityRoutes).where(eq(activityRoutes.activityId, indoor!.id));
    expect(stored?.polyline).toBeNull();
  });

  it('filters: type, start and end date (whole end day), bbox; a malformed bbox is a 400, a bad date a 422', async () => {
    const user = await signedInUser(database.db);
    const [zurich, geneva, run] = await ingest(user.userId, [
      parsedTrack('2024-03-10T08:00:00Z', line(47.37, 8.54)),
      parsedTrack('2024-06-10T08:00:00Z', line(46.2, 6.14)),
      parsedTrack('2025-01-05T23:30:00Z', line(47.37, 8.55), { activityType: 'run' }),
    ]);
    const ids = async (query: string) => (await getRoutes(user.token, query)).body.items!.map((i) => i.id);
    expect(await ids('')).toEqual([zurich!.id, geneva!.id, run!.id]);
    expect(await ids('?type=run')).toEqual([run!.id]);
    expect(await ids('?start_date=2024-01-01&end_date=2024-12-31')).toEqual([zurich!.id, geneva!.id]);
    expect(await ids('?start_date=2025-01-05&end_date=2025-01-05')).toEqual([run!.id]);
    expect(await ids('?bbox=8.5,47.3,8.6,47.4')).toEqual([zurich!.id, run!.id]);
    expect(await ids('?bbox=6,46,6.5,46.5&type=ride')).toEqual([geneva!.id]);
    // a box touching only the track's northern end still finds it
    expect(await ids('?bbox=6.1,46.2049,6.2,46.3')).toEqual([geneva!.id]);
    expect(await ids('?bbox=0,0,1,1')).toEqual([]);
    for (const bad of ['1,2,3', 'a,b,c,d', '8.6,47.3,8.5,47.4', '8,47,200,48', '8,47,9,48,1', '']) {
      const res = await getRoutes(user.token, `?bbox=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
    }
    expect((await getRoutes(user.token, '?start_date=2024-13-01')).status).toBe(422);
    expect((await getRoutes(user.token, '?type=teleport')).status).toBe(422);
    // another user sees none of them
    expect((await getRoutes((await signedInUser(database.db)).token, '')).body.items).toEqual([]);
  });

  it('the backfill job computes missing and outdated routes once, queued once per user', async () => {
    const user = await signedInUser(database.db);
    const stored = await ingest(user.userId, [parsedTrack('2023-01-01T08:00:00Z', line(45, 7)), parsedTrack('2023-01-02T08:00:00Z', line(45.1, 7.1))]);
    const [first] = await database.db.select().from(activityRoutes).where(eq(activityRoutes.activityId, stored[0]!.id));
    // as before routes existed: one without a row, one of an older algorithm version
    await database.db.delete(activityRoutes).where(eq(activityRoutes.activityId, stored[0]!.id));
    await database.db.update(activityRoutes).set({ version: 0, polyline: 'stale' }).where(eq(activityRoutes.activityId, stored[1]!.id));
    expect((await getRoutes(user.token, '?end_date=2023-12-31')).body.items!.map((i) => i.polyline)).toEqual(['stale']);

    const queued = await queueRouteBackfills(database.db);
    expect(queued.filter((j) => j.userId === user.userId)).toHaveLength(1);
    expect((await queueRouteBackfills(database.db)).filter((j) => j.userId === user.userId)).toHaveLength(0);
    await new EmbeddedRunner(database.db).drain();
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, queued.find((j) => j.userId === user.userId)!.id));
    expect(job!.status).toBe('succeeded');
    const items = (await getRoutes(user.token, '?end_date=2023-12-31')).body.items!;
    expect(items.map((i) => i.polyline)).toEqual([first!.polyline, routePolyline(...unzip(line(45.1, 7.1)))!.polyline]);
    expect((await queueRouteBackfills(database.db)).filter((j) => j.userId === user.userId)).toHaveLength(0);
  });
});

function unzip(points: [number, number][]): [number[], number[]] {
  return [points.map((p) => p[0]), points.map((p) => p[1])];
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { activities, sessions, type ActivityRow } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { createGear } from '../gear/create-gear';
import { createCallerFactory } from '@/server/trpc/init';
import { appRouter } from '@/server/trpc/root';
import { runRead } from '../reads/run-read';
import { resolveAccessToken } from '../sessions/resolve-access-token';
import { findActivitiesJson } from './activity-page-json';
import { activityRecord } from './activity-record';
import { findActivitiesFromRows } from '@/server/testing/find-activities-rows';
import { getActivityOrThrow } from './get-activity-or-throw';
import { activityPageRead, activityRead } from './reads';
import { listActivitiesInput } from './schemas';

setEnvForTests({ SECRET_KEY: 'x'.repeat(32), DATA_DIR: mkdtempSync(join(tmpdir(), 'stride-actjson-')) });

// The JSON the database writes for the reads must mean what activityRecord + JSON.stringify
// wrote: same fields in the same order, same numbers, dates, nulls and paging. Re-serializing the
// database's text with JSON.stringify makes number spelling (1e-05 / 0.00001) and the jsonb
// column's spacing comparable (a -0, which JSON.stringify never writes, is kept apart); everything
// else must match exactly.
const canonical = (text: string) => JSON.stringify(JSON.parse(text, (_key, value: unknown) => (Object.is(value, -0) ? '-0' : value)));

type NewActivity = typeof activities.$inferInsert;

function varied(userId: number, gearId: number): NewActivity[] {
  const base = {
    userId,
    activityType: 'run',
    startTime: new Date('2024-02-29T23:59:59.999Z'),
    endTime: new Date('2024-03-01T01:00:00.5Z'),
    totalElapsedTime: 3600,
    source: 'upload' as const,
  };
  return [
    {
      ...base,
      name: 'Morgenlauf über den Kahlenberg 🏃‍♀️ "quoted" \\ back',
      distance: 10_000.123456789,
      averageSpeed: 0.1 + 0.2,
      maxSpeed: 1e-7,
      timezone: 'Europe/Vienna',
    },
    {
      ...base,
      name: 'Ride\nwith\tcontrol \u0001 and \u2028 separators',
      activityType: 'ride',
      distance: 1e21,
      elevationGain: 123456789.123,
      gearId,
      calories: 0.5,
      startLat: -33.868_820_1,
      startLon: 151.209_295_5,
    },
    {
      ...base,
      name: "夜のラン, Anna's",
      activityType: 'run',
      isHidden: true,
      distance: null,
      movingTime: null,
      totalTimerTime: 3599.999,
      averageHr: 141.7,
      maxHr: 188,
    },
    {
      ...base,
      name: 'NaN',
      description: '-Infinity',
      activityType: 'swim',
      distance: -0,
      averagePace: Number.NaN,
      maxPower: Number.POSITIVE_INFINITY,
      normalizedPower: Number.NEGATIVE_INFINITY,
      visibility: 'public',
    },
    {
      ...base,
      name: 'Imported',
      activityType: 'hike',
      source: 'import',
      providerActivityId: 2 ** 53 - 1,
      dedupKey: 'strava:1',
      importRecord: { initiated_at: '2025-01-01T00:00:00.000Z', label: 'Strava export – März', provider_activity_id: 9_007_199_254_740_991 },
      description: 'Ein Tag am Berg, mit "Zitat" und Ümlauten',
      deviceManufacturer: 'garmin',
      deviceModel: 'Edge 500',
      hasStreams: true,
      averageCadence: 87.25,
    },
    ...Array.from({ length: 7 }, (_, i): NewActivity => ({
      ...base,
      name: `Run ${i}`,
      startTime: new Date(Date.UTC(2024, 0, 1 + (i % 3), 6, 0, 0, i * 111)),
      distance: i % 2 ? 5000 + i / 3 : null,
      gearId: i % 3 ? gearId : null,
    })),
  ];
}

describe.each(testEngines())('activity JSON written by the database on %s', (engine) => {
  let database: TestDatabase;
  let user: { userId: number; token: string };
  let gearId: number;
  let rows: ActivityRow[];

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    user = await signedInUser(database.db);
    gearId = (await createGear(database.db, user.userId, { nickname: 'Pegasus', gear_type: 'shoes' })).id;
    await database.db.insert(activities).values(varied(user.userId, gearId));
    // microseconds the driver's Date cannot carry, and a version past 1
    await database.db
      .update(activities)
      .set({ createdAt: sql`${activities.createdAt} + interval '0.000789 seconds'`, version: 3 })
      .where(eq(activities.userId, user.userId));
    rows = await database.db.select().from(activities).where(eq(activities.userId, user.userId));
  });
  afterAll(() => database.close());

  it('the single read gives activityRecord of every activity, and its version', async () => {
    for (const row of rows) {
      const { answer } = await runRead(database.db, activityRead, user.token, { id: row.id });
      expect(canonical(answer.json)).toBe(JSON.stringify(activityRecord(await getActivityOrThrow(database.db, user.userId, row.id))));
      expect(answer.version).toBe(3);
    }
  });

  it("the single read is a 404 for an activity that is not the caller's", async () => {
    const stranger = await signedInUser(database.db);
    await expect(runRead(database.db, activityRead, stranger.token, { id: rows[0]!.id })).rejects.toMatchObject({ kind: 'not_found' });
  });

  const queries: Record<string, unknown>[] = [
    {},
    { page_size: 20 },
    { include_hidden: 'true', page_size: 100 },
    ...[1, 2, 3, 4, 5].map((page) => ({ page, page_size: 3, include_hidden: 'true' })),
    ...(['start_time', 'distance', 'duration', 'name'] as const).flatMap((sort_by) => [
      { sort_by, sort_order: 'asc' },
      { sort_by, sort_order: 'desc', include_hidden: '1' },
    ]),
    { type: 'ride' },
    { type: 'swim', include_hidden: 'true' },
    { q: 'über' },
    { q: '%' },
    // on PGlite the values are literals of EXECUTE (db/pglite-prepared.ts)
    { q: "anna's", include_hidden: 'true' },
    { q: '\\' },
    { q: "x'); drop table activities; --" },
    { start_date: '2024-01-02', end_date: '2024-01-02' },
    { start_date: '2030-01-01' },
  ];

  it.each(queries)("the page %o is the rows' page", async (query) => {
    const input = listActivitiesInput.parse(query);
    const expected = JSON.stringify(await findActivitiesFromRows(database.db, user.userId, input));
    expect(canonical(await findActivitiesJson(database.db, user.userId, input))).toBe(expected);
    const { answer } = await runRead(database.db, activityPageRead, user.token, input);
    expect(canonical(answer.json)).toBe(expected);
  });

  it("the page filtered by gear is the rows' page", async () => {
    const input = listActivitiesInput.parse({ gear_id: String(gearId), page_size: 4 });
    expect(canonical(await findActivitiesJson(database.db, user.userId, input))).toBe(
      JSON.stringify(await findActivitiesFromRows(database.db, user.userId, input)),
    );
  });

  it('tRPC twins: activities.get and activities.list are the same reads, answering what the rows map to', async () => {
    const callerOf = (token: string) =>
      createCallerFactory(appRouter)({
        db: database.db,
        requestId: 'activity-json-test',
        clientAddress: '127.0.0.1',
        headers: new Headers({ authorization: `Bearer ${token}` }),
        resHeaders: new Headers(),
        auth: () => resolveAccessToken(database.db, token),
      });
    const caller = callerOf(user.token);
    // read back through the response schema: the same values (a JSON column's keys in the schema's order)
    const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
    for (const row of rows) expect(await caller.activities.get({ id: row.id })).toEqual(asJson(activityRecord(row)));
    for (const query of queries.slice(0, 8)) {
      const input = listActivitiesInput.parse(query);
      expect(await caller.activities.list(input)).toEqual(asJson(await findActivitiesFromRows(database.db, user.userId, input)));
    }
    const stranger = await signedInUser(database.db);
    await expect(callerOf(stranger.token).activities.get({ id: rows[0]!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a user without activities gets an empty page with zero totals', async () => {
    const other = await signedInUser(database.db);
    const input = listActivitiesInput.parse({});
    const { answer } = await runRead(database.db, activityPageRead, other.token, input);
    expect(JSON.parse(answer.json)).toEqual({
      items: [],
      total: 0,
      page: 1,
      page_size: 25,
      next: null,
      totals: { count: 0, distance: 0, moving_time: 0, elevation_gain: 0 },
    });
  });

  it("a kept page is never served after a change to the caller's activities, whatever wrote it", async () => {
    const owner = await signedInUser(database.db);
    const stranger = await signedInUser(database.db);
    const input = listActivitiesInput.parse({ page_size: 5 });
    const page = async () => (await runRead(database.db, activityPageRead, owner.token, input)).answer.json;
    const truth = async () => canonical(await findActivitiesJson(database.db, owner.userId, input));
    const expectFresh = async () => expect(canonical(await page())).toBe(await truth());

    await expectFresh();
    await database.db.insert(activities).values(varied(owner.userId, gearId).slice(0, 2));
    await expectFresh();
    const [first] = await database.db.select().from(activities).where(eq(activities.userId, owner.userId));
    // the same page twice: the second is the kept text
    expect(await page()).toBe(await page());
    await database.db.update(activities).set({ name: 'renamed by a bulk statement' }).where(eq(activities.userId, owner.userId));
    await expectFresh();
    expect(await page()).toContain('renamed by a bulk statement');
    await database.db.execute(sql`update activities set is_hidden = true where id = ${first!.id}`);
    await expectFresh();
    // another user's change leaves this page's version alone and does not leak into it
    await database.db.insert(activities).values(varied(stranger.userId, gearId).slice(0, 1));
    await expectFresh();
    await database.db.delete(activities).where(eq(activities.userId, owner.userId));
    await expectFresh();
    expect(JSON.parse(await page()).items).toEqual([]);
  });

  it("a deleted session's token is refused by both reads at once", async () => {
    const gone = await signedInUser(database.db);
    await database.db.delete(sessions).where(eq(sessions.userId, gone.userId));
    await expect(runRead(database.db, activityPageRead, gone.token, listActivitiesInput.parse({}))).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(runRead(database.db, activityRead, gone.token, { id: rows[0]!.id })).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});

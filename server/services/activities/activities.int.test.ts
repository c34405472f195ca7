import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { users } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import type { ParsedActivity } from '@/server/formats';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { createGear } from '../gear/create-gear';
import { getGearOrThrow } from '../gear/get-gear-or-throw';
import { activityRecord } from './activity-record';
import { findActivities } from './find-activities';
import { getActivityOrThrow } from './get-activity-or-throw';
import { insertParsedActivities } from '../ingestion/insert-parsed-activities';
import { listActivitiesInput } from './schemas';
import { updateActivity } from './update-activity';
import { NO_LOAD } from '@/server/formats/metrics/training-load';

setEnvForTests({ SECRET_KEY: 'x'.repeat(32), DATA_DIR: mkdtempSync(join(tmpdir(), 'stride-act-')) });

function parsed(start: string, overrides: Partial<ParsedActivity> = {}): ParsedActivity {
  const startTime = new Date(start);
  return {
    format: 'gpx',
    ...NO_LOAD,
    name: null,
    activityType: 'run',
    activityTypeSource: 'file',
    sportRaw: 'running',
    startTime,
    endTime: new Date(startTime.getTime() + 3_600_000),
    timezone: 'Europe/Vienna',
    distance: 10_000,
    totalElapsedTime: 3600,
    totalTimerTime: 3600,
    movingTime: 3500,
    elevationGain: 50,
    elevationLoss: 50,
    averageSpeed: 2.8,
    maxSpeed: 4,
    averagePace: 360,
    averageHr: null,
    maxHr: null,
    averagePower: null,
    maxPower: null,
    normalizedPower: null,
    averageCadence: null,
    maxCadence: null,
    calories: null,
    deviceManufacturer: null,
    deviceModel: null,
    startLat: null,
    startLon: null,
    laps: [],
    streams: { time: [] },
    ...overrides,
  };
}

describe.each(testEngines())('activity services on %s', (engine) => {
  let database: TestDatabase;
  const newUser = async () =>
    (
      await database.db
        .insert(users)
        .values({ username: `u${Math.random().toString(36).slice(2)}` })
        .returning()
    )[0]!;
  const store = async (userId: number, items: ParsedActivity[]) =>
    (await database.db.transaction((tx) => insertParsedActivities(tx, userId, items, { source: 'upload' }))).map((i) => i.row);
  const list = (userId: number, query: Record<string, unknown>) => findActivities(database.db, userId, listActivitiesInput.parse(query));

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database.close());

  it('concurrent stores of one start time: one stays visible, every other is hidden as its duplicate', async () => {
    const user = await newUser();
    // each transaction stays open a while after its insert, so without the per-user lock all
    // of them would look for an earlier copy before any committed
    const storeSlowly = () =>
      database.db.transaction(async (tx) => {
        const [inserted] = await insertParsedActivities(tx, user.id, [parsed('2018-05-04T09:00:00.400Z')], { source: 'upload' });
        await new Promise((r) => setTimeout(r, 100));
        return inserted!.row;
      });
    const stored = await Promise.all(Array.from({ length: 6 }, storeSlowly));
    expect(stored.map((row) => row.isHidden).sort()).toEqual([false, true, true, true, true, true]);
    // the same whole second counts as the same start; the next second does not
    const [later] = await store(user.id, [parsed('2018-05-04T09:00:01Z')]);
    expect(later!.isHidden).toBe(false);
  });

  it('CONTRACT: of twenty concurrent PATCHes with one If-Match exactly one wins; the others are precondition_failed', async () => {
    const user = await newUser();
    const [row] = await store(user.id, [parsed('2023-01-01T08:00:00Z')]);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => updateActivity(database.db, user.id, row!.id, { name: `Edit ${i}` }, row!.version)),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    expect(lost.every((r) => r.reason.kind === 'precondition_failed')).toBe(true);
    const now = await getActivityOrThrow(database.db, user.id, row!.id);
    expect(now.version).toBe(row!.version + 1);
    expect(now.name).toBe((won[0] as PromiseFulfilledResult<{ name: string }>).value.name);
  });

  it('If-Match absent or * always applies; a stale version is precondition_failed; version grows by one', async () => {
    const user = await newUser();
    const [row] = await store(user.id, [parsed('2023-01-02T08:00:00Z')]);
    expect((await updateActivity(database.db, user.id, row!.id, { description: 'a' }, undefined)).version).toBe(2);
    expect((await updateActivity(database.db, user.id, row!.id, { description: 'b' }, '*')).version).toBe(3);
    await expect(updateActivity(database.db, user.id, row!.id, { description: 'c' }, 1)).rejects.toMatchObject({ kind: 'precondition_failed' });
    expect((await updateActivity(database.db, user.id, row!.id, { visibility: 'public', is_hidden: true }, 3)).version).toBe(4);
  });

  it("another user's activity is not_found (even with If-Match *), and gear_id must be the user's own gear", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const [row] = await store(owner.id, [parsed('2023-01-03T08:00:00Z')]);
    await expect(updateActivity(database.db, stranger.id, row!.id, { name: 'Hijack' }, '*')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(getActivityOrThrow(database.db, stranger.id, row!.id)).rejects.toMatchObject({ kind: 'not_found' });
    const foreignGear = await createGear(database.db, stranger.id, { nickname: 'Theirs', gear_type: 'bike' });
    await expect(updateActivity(database.db, owner.id, row!.id, { gear_id: foreignGear.id }, undefined)).rejects.toMatchObject({ kind: 'validation_failed' });
    const mine = await createGear(database.db, owner.id, { nickname: 'Mine', gear_type: 'shoes' });
    expect((await updateActivity(database.db, owner.id, row!.id, { gear_id: mine.id }, undefined)).gearId).toBe(mine.id);
    expect(await getGearOrThrow(database.db, owner.id, mine.id)).toMatchObject({ total_distance: 10_000, activity_count: 1 });
  });

  it("issue 17: the record says where its type came from; choosing a type makes it the user's", async () => {
    const user = await newUser();
    const [fromFile, guessed] = await store(user.id, [
      parsed('2023-02-01T08:00:00Z'),
      parsed('2023-02-02T08:00:00Z', { activityType: 'hike', activityTypeSource: 'inferred', sportRaw: 'generic' }),
    ]);
    expect(activityRecord(fromFile!)).toMatchObject({ activity_type: 'run', activity_type_source: 'file' });
    expect(activityRecord(guessed!)).toMatchObject({ activity_type: 'hike', activity_type_source: 'inferred' });
    // Editing anything else keeps the source; choosing a type, even the guessed one, confirms it.
    expect((await updateActivity(database.db, user.id, guessed!.id, { name: 'Up the Schöckl' }, undefined)).activityTypeSource).toBe('inferred');
    const confirmed = await updateActivity(database.db, user.id, guessed!.id, { activity_type: 'hike' }, undefined);
    expect(activityRecord(confirmed)).toMatchObject({ activity_type: 'hike', activity_type_source: 'user' });
    const [provided] = await database.db.transaction((tx) =>
      insertParsedActivities(tx, user.id, [parsed('2023-02-03T08:00:00Z', { activityType: 'workout', activityTypeSource: 'inferred' })], {
        source: 'strava',
        overrides: [{ activityType: 'ride' }],
      }),
    );
    expect(activityRecord(provided!.row)).toMatchObject({ activity_type: 'ride', activity_type_source: 'file' });
  });

  it('GET /activities: filters, inclusive end day, hidden left out, sort, paging and totals', async () => {
    const user = await newUser();
    const rows = await store(user.id, [
      parsed('2023-03-01T07:00:00Z', { name: 'Morning tempo', distance: 8000 }),
      parsed('2023-03-02T23:30:00Z', { name: 'Late ride', activityType: 'ride', distance: 40_000 }),
      parsed('2023-03-03T07:00:00Z', { name: 'Easy 100%_run', distance: 5000 }),
      parsed('2023-03-03T07:00:00Z', { name: 'Copy', distance: 5000 }),
    ]);
    expect(rows[3]!.isHidden).toBe(true);
    const all = await list(user.id, {});
    expect(all.total).toBe(3);
    expect(all.items.map((a) => a.name)).toEqual(['Easy 100%_run', 'Late ride', 'Morning tempo']);
    expect(all.totals).toMatchObject({ count: 3, distance: 53_000, moving_time: 10_500, elevation_gain: 150 });
    expect((await list(user.id, { include_hidden: 'true' })).total).toBe(4);
    expect((await list(user.id, { type: 'ride' })).items.map((a) => a.name)).toEqual(['Late ride']);
    expect((await list(user.id, { start_date: '2023-03-02', end_date: '2023-03-02' })).items.map((a) => a.name)).toEqual(['Late ride']);
    expect((await list(user.id, { q: '100%' })).items.map((a) => a.name)).toEqual(['Easy 100%_run']);
    expect((await list(user.id, { q: 'TEMPO' })).total).toBe(1);
    expect((await list(user.id, { sort_by: 'distance', sort_order: 'asc' })).items.map((a) => a.distance)).toEqual([5000, 8000, 40_000]);
    expect((await list(user.id, { sort_by: 'name', sort_order: 'asc' })).items[0]!.name).toBe('Easy 100%_run');
    const page2 = await list(user.id, { page_size: '2', page: '2' });
    expect({ n: page2.items.length, next: page2.next, total: page2.total }).toEqual({ n: 1, next: null, total: 3 });
    expect((await list(user.id, { page_size: 2 })).next).toBe(2);
    // a page past the end has no row to carry the totals: they still describe the filtered set
    const pastEnd = await list(user.id, { page_size: '2', page: '5', type: 'run' });
    expect(pastEnd).toMatchObject({ items: [], total: 2, next: null, totals: { count: 2, distance: 13_000 } });
    // the same filter shape with other values reuses its statement and answers for those values
    expect((await list(user.id, { type: 'ride', page_size: '2', page: '1' })).totals).toMatchObject({ count: 1, distance: 40_000 });
    expect((await list(user.id, { q: 'late' })).items.map((a) => a.name)).toEqual(['Late ride']);
    expect(listActivitiesInput.safeParse({ page_size: 101 }).success).toBe(false);
    expect(listActivitiesInput.safeParse({ page: 0 }).success).toBe(false);
    expect((await list((await newUser()).id, {})).total).toBe(0);
  });
});

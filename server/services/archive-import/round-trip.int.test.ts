import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import type { Db } from '@/db/client';
import { activities, activityLaps, activityMedia, activityStreams, gearComponents, gears, goals, healthWeights, jobs, notifications, users } from '@/db/schema';
import { env } from '@/server/env';
import { settleEvents } from '@/server/events/activity-created';
import type { ParsedActivity } from '@/server/formats';
import { checkImage } from '@/server/formats/archive';
import { tinyJpeg, tinyPng } from '@/server/formats/archive/test-support/images';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv as applyTestEnv } from '@/server/testing/test-env';
import { writeAccountArchive } from '../account-export/write-account-archive';
import { insertParsedActivities } from '../ingestion/insert-parsed-activities';
import { ingestActivities } from '../ingestion/ingest-activities';
import { updateActivity } from '../activities/update-activity';
import { mediaAbsolutePath, storeMediaFile } from '@/server/stored-files/media-files';
import { createGear } from '../gear/create-gear';
import { createActivitiesFromUpload } from '../uploads/create-activities-from-upload';
import { ITEM_CODES } from './job-items';
import { enqueueArchiveImport } from './start-archive-import';
import { NO_LOAD } from '@/server/formats/metrics/training-load';

// CONTRACT: Account export: an account exported and imported into a fresh account on a fresh database
// (and a fresh DATA_DIR) comes back the same, and a second import of the archive creates nothing.

const synced = (start: Date, streams: ParsedActivity['streams']): ParsedActivity => ({
  format: 'strava',
  ...NO_LOAD,
  name: 'Synced',
  activityType: 'gravel_ride',
  activityTypeSource: 'file',
  sportRaw: 'GravelRide',
  startTime: start,
  endTime: new Date(start.getTime() + 1_800_000),
  timezone: 'Europe/Vienna',
  distance: 12_345.6,
  totalElapsedTime: 1800,
  totalTimerTime: 1750,
  movingTime: 1700,
  elevationGain: 120,
  elevationLoss: 118,
  averageSpeed: 7.2,
  maxSpeed: 13.1,
  averagePace: null,
  averageHr: 141,
  maxHr: 172,
  averagePower: 190,
  maxPower: 610,
  normalizedPower: 205,
  averageCadence: 86,
  maxCadence: 110,
  // a swim's figures on a ride: the round trip keeps every figure it is given, whatever the sport
  poolLength: 25,
  totalStrokes: 1_234,
  calories: 640,
  deviceManufacturer: 'Wahoo',
  deviceModel: 'ELEMNT',
  startLat: 48.2,
  startLon: 16.37,
  streams,
  laps: [0, 1].map((i) => ({
    startTime: new Date(start.getTime() + i * 900_000),
    totalElapsedTime: 900,
    totalTimerTime: 880 - i,
    distance: 6000 + i,
    averageHr: 140 + i,
    maxHr: 170,
    averageSpeed: 7.1,
    maxSpeed: 12.9,
    averagePower: 188,
    maxPower: 600,
    averageCadence: 85,
    maxCadence: 109,
    ascent: 60 + i,
    totalStrokes: 600 + i,
  })),
});

/** Everything the round trip must keep, in a form two databases can be compared by. */
async function snapshot(db: Db, userId: number) {
  const gearRows = await db.select().from(gears).where(eq(gears.userId, userId)).orderBy(asc(gears.nickname));
  const nickname = new Map(gearRows.map((g) => [g.id, g.nickname]));
  const rows = await db.select().from(activities).where(eq(activities.userId, userId)).orderBy(asc(activities.startTime), asc(activities.name));
  const list = [];
  for (const a of rows) {
    const [streams] = await db.select().from(activityStreams).where(eq(activityStreams.activityId, a.id));
    const laps = await db.select().from(activityLaps).where(eq(activityLaps.activityId, a.id)).orderBy(asc(activityLaps.lapIndex));
    const photos = await db.select().from(activityMedia).where(eq(activityMedia.activityId, a.id)).orderBy(asc(activityMedia.id));
    list.push({
      name: a.name,
      description: a.description,
      activityType: a.activityType,
      activityTypeSource: a.activityTypeSource,
      startTime: a.startTime,
      endTime: a.endTime,
      timezone: a.timezone,
      distance: a.distance,
      totalElapsedTime: a.totalElapsedTime,
      movingTime: a.movingTime,
      elevationGain: a.elevationGain,
      averageHr: a.averageHr,
      maxHr: a.maxHr,
      averagePower: a.averagePower,
      calories: a.calories,
      visibility: a.visibility,
      isHidden: a.isHidden,
      excludeFromRecords: a.excludeFromRecords,
      hasStreams: a.hasStreams,
      gear: a.gearId ? nickname.get(a.gearId) : null,
      // a moved Strava activity keeps its Strava id, so a Strava sync on the new instance finds it
      providerActivityId: a.providerActivityId,
      stravaKey: a.providerActivityId ? a.dedupKey : null,
      streams: streams ? { ...streams, activityId: undefined } : null,
      laps: laps.map((l) => ({ ...l, activityId: undefined })),
      photos: photos.map((p) => ({
        contentType: p.contentType,
        width: p.width,
        height: p.height,
        sha256: createHash('sha256')
          .update(readFileSync(mediaAbsolutePath(p.path)))
          .digest('hex'),
      })),
    });
  }
  const notes = await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id));
  const names = new Map(rows.map((a) => [a.id, a.name]));
  const notices = notes.map((n) => ({ kind: n.kind, activity: n.activityId ? names.get(n.activityId) : null, read: n.read }));
  const weights = await db
    .select({
      day: healthWeights.day,
      weight: healthWeights.weight,
      bodyFat: healthWeights.bodyFat,
      bodyWater: healthWeights.bodyWater,
      muscleMass: healthWeights.muscleMass,
      boneMass: healthWeights.boneMass,
      visceralFat: healthWeights.visceralFat,
    })
    .from(healthWeights)
    .where(eq(healthWeights.userId, userId))
    .orderBy(asc(healthWeights.day));
  const gear = gearRows.map((g) => ({
    nickname: g.nickname,
    gearType: g.gearType,
    brand: g.brand,
    model: g.model,
    active: g.active,
    providerGearId: g.providerGearId,
  }));
  const parts = (await db.select().from(gearComponents).where(eq(gearComponents.userId, userId)).orderBy(asc(gearComponents.id))).map((c) => ({
    gear: nickname.get(c.gearId),
    name: c.name,
    kind: c.kind,
    installedAt: c.installedAt.toISOString(),
    retiredAt: c.retiredAt?.toISOString() ?? null,
    expected: [c.expectedDistance, c.expectedTime],
    announced: c.dueNotifiedAt !== null,
  }));
  const targets = (await db.select().from(goals).where(eq(goals.userId, userId)).orderBy(asc(goals.id))).map((g) => ({
    period: g.period,
    metric: g.metric,
    type: g.activityType,
    target: g.target,
    reachedPeriod: g.reachedPeriod,
  }));
  return { activities: list, gear, weights, notices, parts, targets };
}

describe.each(testEngines())('account export → archive import round trip on %s', (engine) => {
  let source: TestDatabase;
  let target: TestDatabase | undefined;
  let seq = 0;

  beforeAll(async () => {
    applyTestEnv();
    source = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await settleEvents();
    await source.close();
    await target?.close();
  });

  it('gives back the same activities, streams, laps, gear links, visibility, Strava ids, gear, weight, photos and read notices; a second import creates nothing', async () => {
    const db = source.db;
    const [owner] = await db
      .insert(users)
      .values({ username: `owner-${engine}` })
      .returning();
    const userId = owner!.id;
    const upload = async (corpusPath: string, filename: string) => {
      const bytes = readCorpusFile(corpusPath);
      const path = join(env().DATA_DIR, `received-${(seq += 1)}`);
      writeFileSync(path, bytes);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return (await createActivitiesFromUpload(db, userId, { path, filename, sha256 })).activities.map((a) => a.id);
    };
    const [run] = await upload('tcx/garmin_fr410_run_3laps.tcx.gz', 'laps.tcx.gz');
    const [walk] = await upload('fit/garmin_fenix5_walk_tiny.fit', 'walk.fit');
    const [gpxRun] = await upload('gpx/strava_export_run_hr_cad_temp.gpx', 'run.gpx');
    const multisport = await upload('tcx/garmin_fr305_multisport.tcx', 'tri.tcx');
    expect(multisport.length).toBeGreaterThan(1);
    const t0 = new Date('2024-05-01T06:30:00Z');
    const streams = { time: [0, 10, 20], lat: [48.2, 48.2003, 48.2006], lon: [16.37, 16.37, 16.37], altitude: [200, 200.5, 201], heart_rate: [120, 130, 140] };
    const [ride, swim] = await db.transaction((tx) =>
      insertParsedActivities(
        tx,
        userId,
        [synced(t0, streams), { ...synced(new Date('2024-06-02T07:00:00Z'), { time: [] }), activityType: 'open_water_swim', name: 'Lake swim' }],
        {
          source: 'strava',
          overrides: [
            { providerActivityId: 111, dedupKey: 'strava:111' },
            { providerActivityId: 222, dedupKey: 'strava:222' },
          ],
        },
      ),
    );

    // a file-less activity starting with the ride: stored hidden, with a notice the user has read
    const [same] = await ingestActivities(
      db,
      userId,
      [{ ...synced(t0, { time: [] }), name: 'Same start', laps: [] }],
      {
        source: 'strava',
        overrides: [{ providerActivityId: 333, dedupKey: 'strava:333' }],
      },
      { awaitSubscribers: true },
    );
    expect(same!.row.isHidden).toBe(true);
    await db.update(notifications).set({ read: true }).where(eq(notifications.activityId, same!.row.id));

    const bike = await createGear(db, userId, { nickname: 'Gravel Bike', gear_type: 'bike', brand: 'Canyon', model: 'Grizl' });
    const shoes = await createGear(db, userId, { nickname: 'Daily Trainers', gear_type: 'shoes', brand: 'ASICS', model: 'Nimbus' });
    const old = await createGear(db, userId, { nickname: 'Old Pair', gear_type: 'shoes' });
    await db.update(gears).set({ active: false }).where(eq(gears.id, old.id));
    const wetsuit = await createGear(db, userId, { nickname: 'Wetsuit', gear_type: 'wetsuit', brand: 'Orca' });
    await updateActivity(db, userId, ride!.row.id, { gear_id: bike.id, visibility: 'public', description: 'Line one\nline two' }, undefined);
    await updateActivity(db, userId, run!, { gear_id: shoes.id, visibility: 'followers', name: 'Three laps' }, undefined);
    await updateActivity(db, userId, gpxRun!, { activity_type: 'trail_run', gear_id: old.id, exclude_from_records: true }, undefined);
    await updateActivity(db, userId, walk!, { is_hidden: true }, undefined);
    await updateActivity(db, userId, swim!.row.id, { gear_id: wetsuit.id }, undefined);
    await updateActivity(db, userId, multisport[1]!, { name: 'Bike leg', gear_id: bike.id }, undefined);
    await db.insert(goals).values([
      { userId, period: 'week', metric: 'distance', activityType: 'run', target: 5e8 },
      { userId, period: 'year', metric: 'count', activityType: null, target: 3, reachedPeriod: '2024-01-01' },
    ]);
    await db.insert(gearComponents).values([
      {
        userId,
        gearId: bike.id,
        name: 'Chain',
        kind: 'chain',
        installedAt: new Date('2020-01-01T00:00:00Z'),
        retiredAt: new Date('2024-01-01T00:00:00Z'),
        expectedDistance: 3e6,
      },
      { userId, gearId: bike.id, name: 'Chain', kind: 'chain', installedAt: new Date('2024-01-01T00:00:00Z'), expectedDistance: 3e6, expectedTime: 3.6e6 },
      {
        userId,
        gearId: shoes.id,
        name: 'Sole',
        kind: 'shoes',
        installedAt: new Date('2021-01-01T00:00:00Z'),
        expectedTime: 1,
        dueNotifiedAt: new Date('2021-02-01T00:00:00Z'),
      },
    ]);
    await db.insert(healthWeights).values([
      { userId, day: '2024-05-01', weight: 71.5, bodyFat: 18.2, bodyWater: 55.1, muscleMass: 33.4, boneMass: 3.1, visceralFat: 7 },
      { userId, day: '2024-05-02', weight: 71.2 },
    ]);
    const photo = async (activityId: number, bytes: Buffer) => {
      const image = checkImage(bytes);
      if ('refused' in image) throw new Error(image.refused);
      const path = await storeMediaFile(userId, bytes, image.kind, randomUUID());
      await db.insert(activityMedia).values({
        activityId,
        userId,
        filename: `media/original-${(seq += 1)}`,
        path,
        contentType: image.contentType,
        bytes: bytes.length,
        width: image.width,
        height: image.height,
      });
    };
    await photo(run!, tinyJpeg());
    await photo(run!, tinyPng());
    await photo(swim!.row.id, tinyPng());
    await settleEvents();
    const before = await snapshot(db, userId);
    expect(before.activities.filter((a) => a.laps.length > 1)).not.toHaveLength(0);
    expect(before.activities.filter((a) => a.photos.length)).toHaveLength(2);
    expect(before.notices).toEqual([{ kind: 'duplicate_start_time', activity: 'Same start', read: true }]);
    expect([before.parts.length, before.targets.length]).toEqual([3, 2]);

    const archive = join(mkdtempSync(join(tmpdir(), 'stride-round-trip-')), 'export.zip');
    await writeAccountArchive(db, userId, archive, new Date());

    // a fresh instance: its own database and its own DATA_DIR
    applyTestEnv();
    target = await openTestDatabase(engine);
    const [stranger] = await target.db
      .insert(users)
      .values({ username: `moved-${engine}` })
      .returning();
    const runImport = async () => {
      const job = await enqueueArchiveImport(target!.db, stranger!.id, [archive]);
      await new EmbeddedRunner(target!.db, { pollMs: 20 }).drain();
      return (await target!.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!;
    };
    const first = await runImport();
    expect(first).toMatchObject({ status: 'succeeded', errors: [] });
    expect(first.result).toMatchObject({ created: before.activities.length, failed: 0, gear: { created: 4 }, weights: { created: 2, skipped: 0 } });
    const after = await snapshot(target.db, stranger!.id);
    expect(after).toEqual(before);

    const second = await runImport();
    expect(second).toMatchObject({ status: 'succeeded', errors: [] });
    expect(second.result).toMatchObject({ created: 0, skipped: before.activities.length, failed: 0, gear: { created: 0 }, weights: { created: 0 } });
    expect(await snapshot(target.db, stranger!.id)).toEqual(before);
  });

  it('a stride.json that is not JSON, or holds invalid entries, is a warning: the activities still import', async () => {
    applyTestEnv();
    const db = source.db;
    const [owner] = await db
      .insert(users)
      .values({ username: `warned-${engine}` })
      .returning();
    const bytes = readCorpusFile('fit/garmin_fenix5_walk_tiny.fit');
    const received = join(env().DATA_DIR, 'received-walk');
    writeFileSync(received, bytes);
    await createActivitiesFromUpload(db, owner!.id, { path: received, filename: 'walk.fit', sha256: createHash('sha256').update(bytes).digest('hex') });
    await settleEvents();
    const dir = mkdtempSync(join(tmpdir(), 'stride-round-trip-'));
    const archive = join(dir, 'export.zip');
    await writeAccountArchive(db, owner!.id, archive, new Date());
    const zip = await JSZip.loadAsync(readFileSync(archive));
    const stride = JSON.parse(await zip.file('stride.json')!.async('string'));
    const variant = async (name: string, text: string) => {
      zip.file('stride.json', text);
      const path = join(dir, name);
      writeFileSync(path, await zip.generateAsync({ type: 'nodebuffer' }));
      return path;
    };
    const broken = await variant('broken.zip', '{"format": "stride-account-export", "version": 2, "activities": [');
    const invalid = await variant(
      'invalid.zip',
      JSON.stringify({ ...stride, gear: 'none', weights: [{ day: 'yesterday', weight: -1 }], activities: [{ ...stride.activities[0], visibility: 'secret' }] }),
    );

    for (const [path, detail] of [
      [broken, 'cannot be read'],
      [invalid, 'invalid weights entry was ignored'],
    ] as const) {
      const [user] = await db
        .insert(users)
        .values({ username: `w${(seq += 1)}-${engine}` })
        .returning();
      const job = await enqueueArchiveImport(db, user!.id, [path]);
      await new EmbeddedRunner(db, { pollMs: 20 }).drain();
      const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(row).toMatchObject({ status: 'succeeded', result: { created: 1, failed: 0 } });
      expect(row!.errors).toEqual(expect.arrayContaining([{ item: 'stride.json', code: ITEM_CODES.stride, detail: expect.stringContaining(detail) }]));
      // without a usable entry for it, the activity keeps what the manifest and its file say
      const [activity] = await db.select().from(activities).where(eq(activities.userId, user!.id));
      expect(activity).toMatchObject({ visibility: 'private', activityType: stride.activities[0].activity_type });
    }
  });
});

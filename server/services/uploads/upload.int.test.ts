import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { activities, activityHrZones, activityLaps, activityStreams, activityThumbnails, users } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { AppError } from '@/server/errors';
import { settleEvents } from '@/server/events/activity-created';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { exportActivity } from '../activities/export-activity';
import { deleteActivity } from '../activities/delete-activity';
import { getActivityStreams } from '../activities/get-activity-streams';
import { getActivityZones } from '../activities/get-activity-zones';
import { getActivityThumbnail } from '../activities/get-activity-thumbnail';
import { listNotifications } from '../notifications/list-notifications';
import { createActivitiesFromUpload } from './create-activities-from-upload';

const dataDir = mkdtempSync(join(tmpdir(), 'stride-upload-'));
setEnvForTests({ SECRET_KEY: 'x'.repeat(32), DATA_DIR: dataDir });

/** A GPX track with heart rate: `points` points 10 s and ~30 m apart. */
function gpx(start: Date, points = 60, lat = 48.2): Buffer {
  const rows = Array.from({ length: points }, (_, i) => {
    const t = new Date(start.getTime() + i * 10_000).toISOString();
    return `<trkpt lat="${(lat + (i * 30) / 111195).toFixed(7)}" lon="16.3700000"><ele>200</ele><time>${t}</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${120 + (i % 60)}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>`;
  });
  return Buffer.from(
    `<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><name>Test run</name><type>running</type><trkseg>${rows.join('')}</trkseg></trk></gpx>`,
  );
}

let fileCounter = 0;
function received(bytes: Buffer, filename: string) {
  const path = join(dataDir, `received-${process.pid}-${++fileCounter}`);
  writeFileSync(path, bytes);
  return { path, filename, sha256: createHash('sha256').update(bytes).digest('hex') };
}

describe.each(testEngines())('upload service on %s', (engine) => {
  let database: TestDatabase;
  const newUser = async (extra: Partial<typeof users.$inferInsert> = {}) =>
    (
      await database.db
        .insert(users)
        .values({ username: `u${Math.random().toString(36).slice(2)}`, ...extra })
        .returning()
    )[0]!;
  const countFor = async (userId: number) => (await database.db.select({ n: count() }).from(activities).where(eq(activities.userId, userId)))[0]!.n;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await settleEvents();
    await database.close();
  });

  it('stores activity, laps and streams from a corpus FIT file and keeps the original for export', async () => {
    const user = await newUser();
    const bytes = readCorpusFile('fit/garmin_edge500_ride_3h31.fit');
    const answer = await createActivitiesFromUpload(database.db, user.id, received(bytes, 'ride.fit'));
    expect(answer.replayed).toBe(false);
    expect(answer.activities).toHaveLength(1);
    const a = answer.activities[0]!;
    expect(a).toMatchObject({ user_id: user.id, source: 'upload', is_hidden: false, import: null, version: 1, has_streams: true });
    expect(a).toMatchObject({ activity_type: 'ride', activity_type_source: 'file' });
    const laps = await database.db.select({ n: count() }).from(activityLaps).where(eq(activityLaps.activityId, a.id));
    expect(laps[0]!.n).toBeGreaterThan(0);
    const streams = await getActivityStreams(database.db, user.id, a.id);
    expect(streams.time!.length).toBeGreaterThan(1000);
    expect(streams.lat!.length).toBe(streams.time!.length);
    const original = await exportActivity(database.db, user.id, a.id, 'original');
    expect(original.bytes.equals(bytes)).toBe(true);
    const exported = await exportActivity(database.db, user.id, a.id, 'gpx');
    expect(exported.bytes.toString()).toContain('<trkpt');
    await settleEvents();
    expect(await getActivityThumbnail(database.db, user.id, a.id)).toMatch(/^<svg[^>]*>.*<polyline/);
  });

  it('a GPX or TCX is kept gzipped (issue 55) and exported as sent; a .gz upload is kept as sent', async () => {
    const user = await newUser();
    const bytes = gpx(new Date(Date.UTC(2020, 5, 1, 7)), 600);
    const [a] = (await createActivitiesFromUpload(database.db, user.id, received(bytes, 'Morning Run.GPX'))).activities;
    const [row] = await database.db.select({ path: activities.originalPath }).from(activities).where(eq(activities.id, a!.id));
    expect(row!.path).toMatch(/\.gpx\.gz$/);
    const kept = readFileSync(join(dataDir, row!.path!));
    expect(gunzipSync(kept).equals(bytes)).toBe(true);
    expect(kept.length).toBeLessThan(bytes.length / 5);
    expect((await exportActivity(database.db, user.id, a!.id, 'original')).bytes.equals(bytes)).toBe(true);

    const packed = gzipSync(gpx(new Date(Date.UTC(2020, 5, 2, 7)), 60));
    const [b] = (await createActivitiesFromUpload(database.db, user.id, received(packed, 'run.gpx.gz'))).activities;
    const [other] = await database.db.select({ path: activities.originalPath }).from(activities).where(eq(activities.id, b!.id));
    expect(readFileSync(join(dataDir, other!.path!)).equals(packed)).toBe(true);
    expect((await exportActivity(database.db, user.id, b!.id, 'original')).bytes.equals(packed)).toBe(true);
  });

  it('a FIT with sport "generic" climbing 1016 m at walking pace is stored as an inferred hike', async () => {
    const user = await newUser();
    const answer = await createActivitiesFromUpload(database.db, user.id, received(readCorpusFile('fit/garmin_fenix2_hike_uphill.fit'), 'x.fit'));
    expect(answer.activities[0]).toMatchObject({ activity_type: 'hike', activity_type_source: 'inferred' });
  });

  it('twenty concurrent uploads of different files all land', async () => {
    const user = await newUser();
    const uploads = Array.from({ length: 20 }, (_, i) =>
      createActivitiesFromUpload(database.db, user.id, received(gpx(new Date(Date.UTC(2022, 0, 1 + i, 7)), 120), `run-${i}.gpx`)),
    );
    const answers = await Promise.all(uploads);
    expect(answers.every((a) => !a.replayed && a.activities.length === 1)).toBe(true);
    expect(new Set(answers.map((a) => a.activities[0]!.id)).size).toBe(20);
    expect(answers.every((a) => a.activities[0]!.is_hidden === false)).toBe(true);
    expect(await countFor(user.id)).toBe(20);
  });

  it("a file that cannot be parsed is 400 invalid_input and stores nothing (no row, no original); the received file stays its receiver's", async () => {
    const user = await newUser();
    const file = received(Buffer.from('[Params]\nVersion=106\n'), 'polar.gpx');
    await expect(createActivitiesFromUpload(database.db, user.id, file)).rejects.toMatchObject({ kind: 'invalid_input' });
    expect(await countFor(user.id)).toBe(0);
    expect(existsSync(file.path)).toBe(true);
    expect(existsSync(join(dataDir, 'originals', String(user.id))) ? readdirSync(join(dataDir, 'originals', String(user.id))) : []).toEqual([]);
  });

  it('an extension outside .gpx/.tcx/.fit(.gz) is 406 unsupported_format', async () => {
    const user = await newUser();
    await expect(createActivitiesFromUpload(database.db, user.id, received(gpx(new Date()), 'track.txt.gz'))).rejects.toMatchObject({
      kind: 'unsupported_format',
    });
    expect(await countFor(user.id)).toBe(0);
  });

  it('Idempotency-Key: the same key and bytes replay the first answer; other bytes are 409', async () => {
    const user = await newUser();
    const bytes = gpx(new Date(Date.UTC(2021, 3, 3, 9)));
    const first = await createActivitiesFromUpload(database.db, user.id, received(bytes, 'a.gpx'), 'key-1');
    const again = await createActivitiesFromUpload(database.db, user.id, received(bytes, 'a.gpx'), 'key-1');
    expect(again.replayed).toBe(true);
    expect(again.activities).toEqual(first.activities);
    expect(await countFor(user.id)).toBe(1);
    const other = createActivitiesFromUpload(database.db, user.id, received(gpx(new Date(Date.UTC(2021, 3, 4, 9))), 'b.gpx'), 'key-1');
    await expect(other).rejects.toMatchObject({ kind: 'conflict' });
    expect(await countFor(user.id)).toBe(1);
    // the key belongs to its user: another user may use the same key for their own file
    const stranger = await newUser();
    expect((await createActivitiesFromUpload(database.db, stranger.id, received(bytes, 'a.gpx'), 'key-1')).replayed).toBe(false);
  });

  it('concurrent requests with one Idempotency-Key store the file once and all get the same answer', async () => {
    const user = await newUser();
    const bytes = gpx(new Date(Date.UTC(2021, 5, 5, 9)));
    const answers = await Promise.all(Array.from({ length: 5 }, () => createActivitiesFromUpload(database.db, user.id, received(bytes, 'a.gpx'), 'same-key')));
    expect(new Set(answers.map((a) => a.activities[0]!.id)).size).toBe(1);
    expect(await countFor(user.id)).toBe(1);
  });

  it("spec: a start time equal to an existing activity's → stored hidden, with a duplicate notification", async () => {
    const user = await newUser({ maxHeartRate: 190 });
    const bytes = gpx(new Date(Date.UTC(2020, 1, 2, 6, 30)));
    const [first] = (await createActivitiesFromUpload(database.db, user.id, received(bytes, 'x.gpx'))).activities;
    const [second] = (await createActivitiesFromUpload(database.db, user.id, received(bytes, 'x.gpx'))).activities;
    expect(first!.is_hidden).toBe(false);
    expect(second!.is_hidden).toBe(true);
    // issue 50: the answer names the activity it duplicates; the first names none
    expect(first!.duplicate_of).toBeNull();
    expect(second!.duplicate_of).toEqual({ id: first!.id, name: first!.name, start_time: first!.start_time });
    // and a replay under an Idempotency-Key says it again
    const keyed = await createActivitiesFromUpload(database.db, user.id, received(bytes, 'x.gpx'), 'dup-key');
    expect(keyed.activities[0]!.duplicate_of).toMatchObject({ id: first!.id });
    const replay = await createActivitiesFromUpload(database.db, user.id, received(bytes, 'x.gpx'), 'dup-key');
    expect(replay).toEqual({ replayed: true, activities: keyed.activities });
    await settleEvents();
    const notes = await listNotifications(database.db, user.id);
    expect(notes).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'duplicate_start_time', activity_id: second!.id, read: false })]));
  });

  it('heart-rate zones: from max_heart_rate, else 220 − age, else none', async () => {
    const withMax = await newUser({ maxHeartRate: 200 });
    const withAge = await newUser({ birthdate: '1990-06-15' });
    const without = await newUser();
    const start = new Date(Date.UTC(2020, 6, 1, 8));
    const ids = [];
    for (const u of [withMax, withAge, without])
      ids.push((await createActivitiesFromUpload(database.db, u.id, received(gpx(start), 'z.gpx'))).activities[0]!.id);
    await settleEvents();
    const a = await getActivityZones(database.db, withMax.id, ids[0]!);
    expect(a.max_heart_rate).toBe(200);
    expect(a.zones!.map((z) => z.zone)).toEqual([1, 2, 3, 4, 5]);
    expect(a.zones!.reduce((s, z) => s + z.seconds, 0)).toBe(590);
    expect((await getActivityZones(database.db, withAge.id, ids[1]!)).max_heart_rate).toBe(220 - 30);
    expect((await getActivityZones(database.db, without.id, ids[2]!)).zones).toBeNull();
    const rows = await database.db.select({ n: count() }).from(activityHrZones);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it("another user's activity is not_found for every read and write; delete removes rows and the original", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const [a] = (await createActivitiesFromUpload(database.db, owner.id, received(gpx(new Date(Date.UTC(2019, 1, 1))), 'o.gpx'))).activities;
    await expect(getActivityStreams(database.db, stranger.id, a!.id)).rejects.toBeInstanceOf(AppError);
    await expect(exportActivity(database.db, stranger.id, a!.id, 'original')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(deleteActivity(database.db, stranger.id, a!.id)).rejects.toMatchObject({ kind: 'not_found' });
    await settleEvents();
    await deleteActivity(database.db, owner.id, a!.id);
    expect(await countFor(owner.id)).toBe(0);
    expect((await database.db.select({ n: count() }).from(activityStreams).where(eq(activityStreams.activityId, a!.id)))[0]!.n).toBe(0);
    expect((await database.db.select({ n: count() }).from(activityThumbnails).where(eq(activityThumbnails.activityId, a!.id)))[0]!.n).toBe(0);
    expect(readdirSync(join(dataDir, 'originals', String(owner.id)))).toEqual([]);
  });
});

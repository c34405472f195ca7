import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import Papa from 'papaparse';
import * as startRoute from '@/app/api/v1/profile/export/route';
import * as statusRoute from '@/app/api/v1/profile/export/[job_id]/route';
import * as downloadRoute from '@/app/api/v1/profile/export/[job_id]/download/route';
import { activities, apiKeys, healthWeights, mfaBackupCodes, notifications, refreshTokens, users } from '@/db/schema';
import { backupCodeHmac, newBackupCode } from '@/server/auth/backup-codes';
import { hashPassword } from '@/server/auth/password';
import { sealSecret } from '@/server/auth/secret-box';
import { newTotpSecret } from '@/server/auth/totp';
import { env } from '@/server/env';
import { settleEvents } from '@/server/events/activity-created';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { setClockForTests } from '@/server/clock';
import { useDatabaseForTests } from '@/server/runtime';
import { noParams, postLogin, ROUTE_BASE } from '@/server/testing/route-tests';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { createTrpcContext } from '@/server/trpc/context';
import { createCallerFactory } from '@/server/trpc/init';
import { appRouter } from '@/server/trpc/root';
import { insertParsedActivities } from '../ingestion/insert-parsed-activities';
import { updateActivity } from '../activities/update-activity';
import { createApiKey } from '../api-keys/create-api-key';
import { createGear } from '../gear/create-gear';
import { createActivitiesFromUpload } from '../uploads/create-activities-from-upload';
import { originalAbsolutePath } from '@/server/stored-files/originals';
import { ACTIVITIES_CSV_HEADERS } from './activities-csv';
import { startAccountExport } from './start-account-export';
import { NO_LOAD } from '@/server/formats/metrics/training-load';

const PASSWORD = 'Password-123';
const [CODE_A, CODE_B, CODE_C, CODE_D] = [newBackupCode(), newBackupCode(), newBackupCode(), newBackupCode()];
let peer = 0;
const request = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  new Request(ROUTE_BASE + path, { ...init, headers: { 'x-stride-peer': `10.19.${(peer += 1) % 250}.1`, ...init.headers } });
const params = (job_id: string) => ({ params: Promise.resolve({ job_id }) });

describe.each(testEngines())('account export on %s', (engine) => {
  let database: TestDatabase;
  const newUser = async (username: string) =>
    (
      await database.db
        .insert(users)
        .values({ username, passwordHash: await hashPassword(PASSWORD) })
        .returning()
    )[0]!;
  const signIn = async (username: string) => {
    const res = await postLogin(username, PASSWORD, { 'x-client-type': 'mobile', 'x-stride-peer': `10.19.${(peer += 1) % 250}.1` });
    const { access_token } = (await res.json()) as { access_token: string };
    return { token: access_token, headers: { authorization: `Bearer ${access_token}`, 'x-client-type': 'mobile' } };
  };
  const post = (headers: Record<string, string>, body: unknown) =>
    startRoute.POST(
      request('/api/v1/profile/export', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      noParams,
    );
  const status = (headers: Record<string, string>, id: string) => statusRoute.GET(request(`/api/v1/profile/export/${id}`, { headers }), params(id));
  const download = (headers: Record<string, string>, id: string) =>
    downloadRoute.GET(request(`/api/v1/profile/export/${id}/download`, { headers }), params(id));
  const upload = async (userId: number, corpusPath: string, filename: string) => {
    const bytes = readCorpusFile(corpusPath);
    const path = join(env().DATA_DIR, `received-${(peer += 1)}`);
    writeFileSync(path, bytes);
    const answer = await createActivitiesFromUpload(database.db, userId, { path, filename, sha256: createHash('sha256').update(bytes).digest('hex') });
    return { bytes, ids: answer.activities.map((a) => a.id) };
  };

  beforeAll(async () => {
    useTestEnv();
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterEach(() => setClockForTests(undefined));
  afterAll(async () => {
    await settleEvents();
    await database.close();
  });

  it('CONTRACT "Account export": the archive holds the manifest, originals, GPX, gear CSVs and stride.json, and nothing secret', async () => {
    const owner = await newUser(`owner-${engine}`);
    await newUser(`other-${engine}`);
    const { headers, token } = await signIn(`owner-${engine}`);

    // an account with uploads (a .gz kept as is, a multisport file), a stream-only activity, gear, weight, notifications
    const tcx = await upload(owner.id, 'tcx/garmin_fr410_run_3laps.tcx.gz', 'morning.tcx.gz');
    const fit = await upload(owner.id, 'fit/garmin_fenix5_walk_tiny.fit', 'walk.fit');
    const multi = await upload(owner.id, 'tcx/garmin_fr305_multisport.tcx', 'tri.tcx');
    expect(multi.ids.length).toBeGreaterThan(1);
    const start = new Date('2024-05-01T06:30:00Z');
    const [synced] = await database.db.transaction((tx) =>
      insertParsedActivities(
        tx,
        owner.id,
        [
          parsedActivity({
            format: 'gpx',
            ...NO_LOAD,
            name: 'Synced, "quoted" ride',
            activityType: 'gravel_ride',
            sportRaw: 'GravelRide',
            startTime: start,
            timezone: 'UTC',
            distance: 60,
            totalElapsedTime: 20,
            totalTimerTime: 20,
            movingTime: 20,
            elevationGain: 1,
            elevationLoss: 0,
            averageSpeed: 3,
            maxSpeed: 3,
            averageHr: 130,
            maxHr: 140,
            startLat: 48.2,
            startLon: 16.37,
            streams: { time: [0, 10, 20], lat: [48.2, 48.2003, 48.2006], lon: [16.37, 16.37, 16.37], altitude: [200, 200.5, 201], heart_rate: [120, 130, 140] },
          }),
        ],
        { source: 'strava', overrides: [{ providerActivityId: 987654321, dedupKey: 'strava:987654321' }] },
      ),
    );
    const bike = await createGear(database.db, owner.id, { nickname: 'Gravel Bike', gear_type: 'bike', brand: 'Canyon', model: 'Grizl' });
    await createGear(database.db, owner.id, { nickname: 'Daily Trainers', gear_type: 'shoes', brand: 'ASICS', model: 'Nimbus' });
    await createGear(database.db, owner.id, { nickname: 'Wetsuit', gear_type: 'wetsuit', brand: 'Orca' });
    await updateActivity(database.db, owner.id, synced!.row.id, { gear_id: bike.id, visibility: 'public', description: 'Line one\nline two' }, undefined);
    await updateActivity(database.db, owner.id, fit.ids[0]!, { is_hidden: true }, undefined);
    await database.db.insert(healthWeights).values([
      { userId: owner.id, day: '2024-05-01', weight: 71.5, bodyFat: 18.2, bodyWater: 55.1, muscleMass: 33.4, boneMass: 3.1, visceralFat: 7 },
      { userId: owner.id, day: '2024-05-02', weight: 71.2 },
    ]);
    await database.db.insert(notifications).values({ userId: owner.id, kind: 'duplicate', activityId: fit.ids[0]!, message: 'seen', read: true });
    // secrets the archive must never carry
    const apiKey = await createApiKey(database.db, owner.id, { name: 'script', scopes: ['activities:upload'], current_password: PASSWORD });
    const totp = newTotpSecret();
    await database.db
      .update(users)
      .set({ mfaEnabled: true, mfaSecret: sealSecret(totp) })
      .where(eq(users.id, owner.id));
    await database.db.insert(mfaBackupCodes).values([
      { userId: owner.id, codeHmac: backupCodeHmac(CODE_A), createdAt: new Date() },
      { userId: owner.id, codeHmac: backupCodeHmac(CODE_B), createdAt: new Date() },
    ]);

    // step-up: missing proof 422, wrong proof 403 step_up_failed, then 202 with Location
    expect((await post(headers, { current_password: PASSWORD })).status).toBe(422);
    const wrong = await post(headers, { current_password: 'nope', mfa_code: CODE_A });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ code: 'step_up_failed' });
    const started = await post(headers, { current_password: PASSWORD, mfa_code: CODE_A });
    expect(started.status).toBe(202);
    const handle = (await started.json()) as { job_id: string; status_url: string };
    expect(handle.status_url).toBe(`/api/v1/profile/export/${handle.job_id}`);
    expect(started.headers.get('location')).toBe(handle.status_url);
    // while it is queued, asking again answers with the same job
    const again = await post(headers, { current_password: PASSWORD, mfa_code: CODE_B });
    expect(again.status).toBe(202);
    expect(((await again.json()) as { job_id: string }).job_id).toBe(handle.job_id);

    // not finished → 409; no token → 401; another user's → 404
    expect((await download(headers, handle.job_id)).status).toBe(409);
    expect((await status(headers, handle.job_id)).status).toBe(200);
    expect((await download({ 'x-client-type': 'mobile' }, handle.job_id)).status).toBe(401);

    await new EmbeddedRunner(database.db).drain();
    const total = tcx.ids.length + fit.ids.length + multi.ids.length + 1;
    const record = await (await status(headers, handle.job_id)).json();
    expect(record).toMatchObject({
      id: handle.job_id,
      kind: 'account_export',
      status: 'succeeded',
      progress: { total, done: total },
      download_url: `/api/v1/profile/export/${handle.job_id}/download`,
    });
    expect(Date.parse(record.expires_at) - Date.parse(record.finished_at)).toBe(7 * 24 * 3600 * 1000);

    const other = await signIn(`other-${engine}`);
    expect((await status(other.headers, handle.job_id)).status).toBe(404);
    expect((await download(other.headers, handle.job_id)).status).toBe(404);

    const res = await download(headers, handle.job_id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const today = new Date(record.finished_at).toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="stride-export-owner-${engine}-${today}.zip"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const zip = await JSZip.loadAsync(bytes);

    // activities.csv: the manifest headers, one row per activity, Strava's date form in UTC
    const csv = Papa.parse<Record<string, string>>(await zip.file('activities.csv')!.async('string'), { header: true, skipEmptyLines: true });
    expect(csv.meta.fields).toEqual(ACTIVITIES_CSV_HEADERS);
    for (const h of ['Filename', 'Activity ID', 'Activity Name', 'Activity Description', 'Activity Type', 'Activity Date', 'Activity Gear', 'Media']) {
      expect(csv.meta.fields).toContain(h);
    }
    expect(csv.data).toHaveLength(total);
    const rowOf = (id: number) => csv.data.find((r) => r['Activity ID'] === String(id))!;
    expect(rowOf(synced!.row.id)).toMatchObject({
      'Activity Date': 'May 1, 2024, 6:30:00 AM',
      'Activity Name': 'Synced, "quoted" ride',
      'Activity Type': 'Gravel Ride',
      'Activity Description': 'Line one\nline two',
      'Activity Gear': 'Canyon Grizl Gravel Bike',
      Filename: `activities/${synced!.row.id}.gpx`,
      Distance: '60',
      'Elapsed Time': '20',
      'Max Heart Rate': '140',
      Media: '',
    });

    // originals byte for byte (.gz kept); each activity of a multisport file under its own id
    expect(rowOf(tcx.ids[0]!).Filename).toBe(`activities/${tcx.ids[0]}.tcx.gz`);
    expect(Buffer.from(await zip.file(`activities/${tcx.ids[0]}.tcx.gz`)!.async('uint8array')).equals(tcx.bytes)).toBe(true);
    expect(Buffer.from(await zip.file(`activities/${fit.ids[0]}.fit`)!.async('uint8array')).equals(fit.bytes)).toBe(true);
    for (const id of multi.ids) {
      expect(Buffer.from(await zip.file(`activities/${id}.tcx`)!.async('uint8array')).equals(multi.bytes)).toBe(true);
    }
    // a GPX from the streams where there is no original
    const gpx = await zip.file(`activities/${synced!.row.id}.gpx`)!.async('string');
    expect(gpx).toContain('<trkpt lat="48.2003000" lon="16.3700000"><ele>200.5</ele><time>2024-05-01T06:30:10.000Z</time>');
    expect(gpx).toContain('<gpxtpx:hr>130</gpxtpx:hr>');

    expect(Papa.parse(await zip.file('bikes.csv')!.async('string'), { header: true, skipEmptyLines: true }).data).toEqual([
      { 'Bike Name': 'Gravel Bike', 'Bike Brand': 'Canyon', 'Bike Model': 'Grizl' },
    ]);
    expect(Papa.parse(await zip.file('shoes.csv')!.async('string'), { header: true, skipEmptyLines: true }).data).toEqual([
      { 'Shoe Name': 'Daily Trainers', 'Shoe Brand': 'ASICS', 'Shoe Model': 'Nimbus' },
    ]);
    expect(zip.folder('media')).not.toBeNull();

    const stride = JSON.parse(await zip.file('stride.json')!.async('string'));
    expect(stride).toMatchObject({ format: 'stride-account-export', version: 2 });
    expect(stride.activities).toHaveLength(total);
    expect(stride.activities.find((a: { activity_id: number }) => a.activity_id === synced!.row.id)).toMatchObject({
      filename: `activities/${synced!.row.id}.gpx`,
      activity_type: 'gravel_ride',
      visibility: 'public',
      is_hidden: false,
      gear: 'Gravel Bike',
      source: 'strava',
      provider_activity_id: 987654321,
      photos: [],
      start_time: '2024-05-01T06:30:00.000Z',
    });
    expect(stride.activities.find((a: { activity_id: number }) => a.activity_id === fit.ids[0])).toMatchObject({ is_hidden: true, gear: null });
    expect(stride.gear).toEqual(
      expect.arrayContaining([expect.objectContaining({ nickname: 'Wetsuit', gear_type: 'wetsuit', brand: 'Orca', model: null, active: true })]),
    );
    expect(stride.gear).toHaveLength(3);
    // issue 51: the body composition travels with its weight (null where the entry has none)
    expect(stride.weights).toEqual([
      { day: '2024-05-01', weight: 71.5, body_fat: 18.2, body_water: 55.1, muscle_mass: 33.4, bone_mass: 3.1, visceral_fat: 7 },
      { day: '2024-05-02', weight: 71.2, body_fat: null, body_water: null, muscle_mass: null, bone_mass: null, visceral_fat: null },
    ]);
    expect(stride.notifications).toEqual([expect.objectContaining({ kind: 'duplicate', activity_id: fit.ids[0], read: true })]);

    // nothing secret, in any entry
    const [user] = await database.db.select().from(users).where(eq(users.id, owner.id));
    const [key] = await database.db.select().from(apiKeys).where(eq(apiKeys.userId, owner.id));
    const refresh = await database.db.select().from(refreshTokens);
    const secrets = [
      user!.passwordHash!,
      user!.mfaSecret!,
      totp,
      apiKey.key,
      key!.keyHash,
      token,
      backupCodeHmac(CODE_A),
      CODE_A,
      ...refresh.map((r) => r.tokenHash),
    ];
    const everything = (
      await Promise.all(
        Object.values(zip.files)
          .filter((f) => !f.dir)
          .map((f) => f.async('string')),
      )
    ).join('\n');
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/argon2|password_hash|mfa_secret|backup|api_key|refresh_token/i);
  });

  it('step-up with MFA on: a missing code is 422, a wrong one 403, and a finished export lets a new one start', async () => {
    const user = await newUser(`mfa-${engine}`);
    await database.db
      .update(users)
      .set({ mfaEnabled: true, mfaSecret: sealSecret(newTotpSecret()) })
      .where(eq(users.id, user.id));
    await database.db.insert(mfaBackupCodes).values({ userId: user.id, codeHmac: backupCodeHmac(CODE_C), createdAt: new Date() });
    await expect(startAccountExport(database.db, user.id, { current_password: PASSWORD })).rejects.toMatchObject({ kind: 'validation_failed' });
    await expect(startAccountExport(database.db, user.id, { current_password: PASSWORD, mfa_code: '000000' })).rejects.toMatchObject({
      kind: 'permission_denied',
      code: 'step_up_failed',
    });
    const first = await startAccountExport(database.db, user.id, { current_password: PASSWORD, mfa_code: CODE_C });
    await new EmbeddedRunner(database.db).drain();
    await database.db.insert(mfaBackupCodes).values({ userId: user.id, codeHmac: backupCodeHmac(CODE_D), createdAt: new Date() });
    const second = await startAccountExport(database.db, user.id, { current_password: PASSWORD, mfa_code: CODE_D });
    expect(second.id).not.toBe(first.id);
    await new EmbeddedRunner(database.db).drain();
  });

  it('CONTRACT "Account export": past its 7 days the download is 404 and the file is deleted; a later export sweeps old files', async () => {
    const user = await newUser(`expiry-${engine}`);
    const { headers } = await signIn(`expiry-${engine}`);
    await upload(user.id, 'fit/garmin_fenix5_walk_tiny.fit', 'walk.fit');
    const t0 = Date.now();
    setClockForTests(t0);
    const handle = (await (await post(headers, { current_password: PASSWORD })).json()) as { job_id: string };
    await new EmbeddedRunner(database.db).drain();
    expect((await download(headers, handle.job_id)).status).toBe(200);
    const [row] = await database.db.select().from(activities).where(eq(activities.userId, user.id));
    expect(existsSync(originalAbsolutePath(row!.originalPath!))).toBe(true);
    const archive = join(env().DATA_DIR, 'exports', String(user.id));
    const zipName = readdirSync(archive).find((n) => n.endsWith('.zip'))!;
    expect(readFileSync(join(archive, zipName)).subarray(0, 2).toString()).toBe('PK');

    setClockForTests(t0 + 7 * 24 * 3600 * 1000 + 3_600_000);
    expect(((await (await status(headers, handle.job_id)).json()) as { download_url: string | null }).download_url).toBeNull();
    // the next export's sweep deletes the old archive; its download is then 404
    const next = (await (await post(headers, { current_password: PASSWORD })).json()) as { job_id: string };
    expect(next.job_id).not.toBe(handle.job_id);
    await new EmbeddedRunner(database.db).drain();
    expect(existsSync(join(archive, zipName))).toBe(false);
    expect((await download(headers, handle.job_id)).status).toBe(404);
    expect((await download(headers, next.job_id)).status).toBe(200);
  });

  it('tRPC twins: accountExport.start applies the same step-up and answers the same handle; get gives the same record', async () => {
    const user = await newUser(`trpc-${engine}`);
    const { headers } = await signIn(`trpc-${engine}`);
    const caller = createCallerFactory(appRouter)(await createTrpcContext({ req: request('/api/trpc', { headers }) }));
    await expect(caller.accountExport.start({ current_password: 'wrong' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const handle = await caller.accountExport.start({ current_password: PASSWORD });
    expect(handle.status_url).toBe(`/api/v1/profile/export/${handle.job_id}`);
    await new EmbeddedRunner(database.db).drain();
    const viaTrpc = await caller.accountExport.get({ id: handle.job_id });
    expect(viaTrpc).toEqual(await (await status(headers, handle.job_id)).json());
    expect(viaTrpc).toMatchObject({ kind: 'account_export', status: 'succeeded', download_url: `${handle.status_url}/download` });
    const stranger = await newUser(`trpc-other-${engine}`);
    expect(stranger.id).not.toBe(user.id);
    const otherCaller = createCallerFactory(appRouter)(
      await createTrpcContext({ req: request('/api/trpc', { headers: (await signIn(`trpc-other-${engine}`)).headers }) }),
    );
    await expect(otherCaller.accountExport.get({ id: handle.job_id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('CONTRACT "Account export": five racing requests start one job', async () => {
    const user = await newUser(`race-${engine}`);
    const rows = await Promise.all(Array.from({ length: 5 }, () => startAccountExport(database.db, user.id, { current_password: PASSWORD })));
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    await new EmbeddedRunner(database.db).drain();
  });
});

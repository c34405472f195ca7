import { readFileSync, readdirSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mediaFileRoute from '@/app/api/v1/activities/[activity_id]/media/[media_id]/route';
import * as mediaRoute from '@/app/api/v1/activities/[activity_id]/media/route';
import * as loginRoute from '@/app/api/v1/auth/login/route';
import * as archiveRoute from '@/app/api/v1/strava/import/archive/route';
import * as jobRoute from '@/app/api/v1/activities/ingestion-jobs/[job_id]/route';
import { users } from '@/db/schema';
import { hashPassword } from '@/server/auth/password';
import { writeZip } from '@/server/formats/archive/test-support/zip-writer';
import { tinyJpeg } from '@/server/formats/archive/test-support/images';
import { CORPUS_DIR } from '@/server/formats/test-support/corpus';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { dropFolder } from './drop-folder';

// POST /strava/import/archive (CONTRACT: Settled 2026-11-23) and the photos it attaches, through
// the real route handlers: authentication, problem documents, the drop folder, the job.

const BASE = 'http://127.0.0.1:3000';
const MANIFEST =
  'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Activity Gear,Filename,Media\n' +
  '4242,"Dec 1, 2015, 8:11:32 PM",Evening Run,Run,by the river,,activities/4242.gpx,media/p1.jpg\n';
let peer = 0;
const noParams = { params: Promise.resolve({}) };

describe.each(testEngines())('POST /strava/import/archive on %s', (engine) => {
  let database: TestDatabase;
  let zipBytes: Buffer;
  const signIn = async (username: string) => {
    await database.db.insert(users).values({ username, passwordHash: await hashPassword('Password-123') });
    const res = await loginRoute.POST(
      new Request(`${BASE}/api/v1/auth/login`, {
        method: 'POST',
        body: `username=${username}&password=Password-123`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-client-type': 'mobile', 'x-stride-peer': `10.7.0.${(peer += 1) % 250}` },
      }),
      noParams,
    );
    const body = (await res.json()) as { access_token: string; user?: { id: number } };
    return { authorization: `Bearer ${body.access_token}`, 'x-client-type': 'mobile', 'x-stride-peer': `10.6.0.${(peer += 1) % 250}` };
  };
  const post = (headers: Record<string, string>, body?: BodyInit, contentType?: string) =>
    archiveRoute.POST(
      new Request(`${BASE}/api/v1/strava/import/archive`, {
        method: 'POST',
        body,
        headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
      }),
      noParams,
    );
  const upload = (headers: Record<string, string>, bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return archiveRoute.POST(new Request(`${BASE}/api/v1/strava/import/archive`, { method: 'POST', body: form, headers }), noParams);
  };
  const jobOf = async (headers: Record<string, string>, id: string) =>
    (await jobRoute.GET(new Request(`${BASE}/api/v1/activities/ingestion-jobs/${id}`, { headers }), { params: Promise.resolve({ job_id: id }) })).json();

  beforeAll(async () => {
    useTestEnv();
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    const path = join(mkdtempSync(join(tmpdir(), 'stride-route-')), 'export.zip');
    await writeZip(path, [
      { name: 'activities.csv', data: Buffer.from(MANIFEST) },
      { name: 'activities/4242.gpx', data: readFileSync(join(CORPUS_DIR, 'gpx/strava_export_run_hr_cad_temp.gpx')) },
      { name: 'media/p1.jpg', data: tinyJpeg(), method: 'store' },
    ]);
    zipBytes = readFileSync(path);
  });
  afterAll(() => database.close());

  it('an empty drop folder is 404; a named export that is not there is 404; a bad body is 422', async () => {
    const auth = await signIn(`empty-${engine}`);
    const empty = await post(auth);
    expect(empty.status).toBe(404);
    expect(empty.headers.get('content-type')).toBe('application/problem+json');
    expect(await empty.json()).toMatchObject({ status: 404, detail: expect.stringContaining('drop folder is empty') });
    expect((await post(auth, JSON.stringify({ file: 'nope.zip' }), 'application/json')).status).toBe(404);
    expect((await post(auth, JSON.stringify({ file: '../../etc' }), 'application/json')).status).toBe(404);
    expect((await post(auth, JSON.stringify({ file: 1 }), 'application/json')).status).toBe(422);
    expect((await post(auth, JSON.stringify({ file: 'a.zip', extra: true }), 'application/json')).status).toBe(422);
    expect((await upload(auth, Buffer.from('not a zip at all'), 'x.zip')).status).toBe(400);
  });

  it('a multipart zip lands in the drop folder and starts a job (202 + Location); its photo is served on the activity', async () => {
    const auth = await signIn(`up-${engine}`);
    const res = await upload(auth, zipBytes, 'my export.zip');
    expect(res.status).toBe(202);
    const body = (await res.json()) as { job_id: string; status_url: string };
    expect(body.status_url).toBe(`/api/v1/activities/ingestion-jobs/${body.job_id}`);
    expect(res.headers.get('location')).toBe(body.status_url);
    const [user] = (await database.db.select().from(users)).filter((u) => u.username === `up-${engine}`);
    expect(readdirSync(dropFolder(user!.id))).toEqual(['my_export.zip']);

    await new EmbeddedRunner(database.db, { pollMs: 20 }).drain();
    const job = await jobOf(auth, body.job_id);
    expect(job).toMatchObject({ kind: 'archive_import', status: 'succeeded', progress: { total: 1, done: 1, created: 1, skipped: 0, failed: 0 } });
    const activityId = job.activity_ids[0] as number;
    const photos = await (
      await mediaRoute.GET(new Request(`${BASE}/api/v1/activities/${activityId}/media`, { headers: auth }), {
        params: Promise.resolve({ activity_id: String(activityId) }),
      })
    ).json();
    expect(photos).toMatchObject([{ activity_id: activityId, filename: 'media/p1.jpg', content_type: 'image/jpeg', width: 3, height: 2 }]);
    const photoParams = { params: Promise.resolve({ activity_id: String(activityId), media_id: String(photos[0].id) }) };
    const image = await mediaFileRoute.GET(new Request(BASE + photos[0].url, { headers: auth }), photoParams);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(tinyJpeg())).toBe(true);
    const stranger = await signIn(`stranger-${engine}`);
    expect((await mediaFileRoute.GET(new Request(BASE + photos[0].url, { headers: stranger }), photoParams)).status).toBe(404);

    // no body: the only export was imported already, so it is imported again and stores nothing
    const again = await post(auth);
    expect(again.status).toBe(202);
    await new EmbeddedRunner(database.db, { pollMs: 20 }).drain();
    expect(await jobOf(auth, ((await again.json()) as { job_id: string }).job_id)).toMatchObject({ status: 'succeeded', progress: { created: 0, skipped: 1 } });
  });
});

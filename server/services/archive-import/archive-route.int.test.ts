import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mediaFileRoute from '@/app/api/v1/activities/[activity_id]/media/[media_id]/route';
import * as mediaRoute from '@/app/api/v1/activities/[activity_id]/media/route';
import * as loginRoute from '@/app/api/v1/auth/login/route';
import * as archiveRoute from '@/app/api/v1/strava/import/archive/route';
import * as dropFilesRoute from '@/app/api/v1/strava/import/archive/files/route';
import * as dropFileRoute from '@/app/api/v1/strava/import/archive/files/[name]/route';
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
import { env } from '@/server/env';
import { uploadTempDir } from '@/server/stored-files/originals';
import { useTestEnv } from '@/server/testing/test-env';
import { createTrpcContext } from '@/server/trpc/context';
import { createCallerFactory } from '@/server/trpc/init';
import { appRouter } from '@/server/trpc/root';
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

    // The uploaded archive went when its job ended, so the drop folder is empty again
    expect(readdirSync(dropFolder(user!.id))).toEqual([]);
    expect((await post(auth)).status).toBe(404);
  });

  const userIdOf = async (username: string) => (await database.db.select().from(users)).find((u) => u.username === username)!.id;
  const filesRoute = (headers: Record<string, string>) => dropFilesRoute.GET(new Request(`${BASE}/api/v1/strava/import/archive/files`, { headers }), noParams);
  const deleteFile = (headers: Record<string, string>, name: string) =>
    dropFileRoute.DELETE(new Request(`${BASE}/api/v1/strava/import/archive/files/${encodeURIComponent(name)}`, { method: 'DELETE', headers }), {
      params: Promise.resolve({ name }),
    });

  it('an uploaded archive whose import fails is deleted at once; an export placed in the folder stays', async () => {
    const auth = await signIn(`junk-${engine}`);
    const folder = dropFolder(await userIdOf(`junk-${engine}`));
    // a zip's first bytes, then junk: the import cannot open it
    const res = await upload(auth, Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(4000, 7)]), 'junk.zip');
    expect(res.status).toBe(202);
    await new EmbeddedRunner(database.db, { pollMs: 20 }).drain();
    expect((await jobOf(auth, ((await res.json()) as { job_id: string }).job_id)).status).toBe('failed');
    expect(readdirSync(folder)).toEqual([]);

    writeFileSync(join(folder, 'placed.zip'), zipBytes);
    const placed = await post(auth, JSON.stringify({ file: 'placed.zip' }), 'application/json');
    expect(placed.status).toBe(202);
    await new EmbeddedRunner(database.db, { pollMs: 20 }).drain();
    expect(readdirSync(folder)).toEqual(['placed.zip']);
  });

  it('the drop folder holds at most MAX_DROP_FOLDER_BYTES: an upload beyond it is 413 and leaves nothing', async () => {
    const auth = await signIn(`quota-${engine}`);
    const folder = dropFolder(await userIdOf(`quota-${engine}`));
    mkdirSync(join(folder, 'unpacked', 'activities'), { recursive: true });
    writeFileSync(join(folder, 'unpacked', 'activities', 'a.gpx'), Buffer.alloc(1000));
    writeFileSync(join(folder, 'placed.zip'), Buffer.alloc(500));
    // room for one more archive of zipBytes' size, not two (the same data directory)
    useTestEnv({ DATA_DIR: env().DATA_DIR, MAX_DROP_FOLDER_BYTES: String(1500 + zipBytes.length + 10) });
    const dataDir = env().DATA_DIR;
    try {
      const tooBig = await upload(auth, Buffer.concat([zipBytes, Buffer.alloc(20)]), 'big.zip');
      expect(tooBig.status).toBe(413);
      expect(tooBig.headers.get('content-type')).toBe('application/problem+json');
      expect(await tooBig.json()).toMatchObject({ status: 413, detail: expect.stringContaining('drop folder') });
      expect(readdirSync(folder).sort()).toEqual(['placed.zip', 'unpacked']);
      expect(readdirSync(uploadTempDir())).toEqual([]);

      const fits = await upload(auth, zipBytes, 'fits.zip');
      expect(fits.status).toBe(202);
      // full now (until its job ends): the next upload is refused before its body is read
      const full = await upload(auth, zipBytes, 'more.zip');
      expect(full.status).toBe(413);
      expect(readdirSync(folder).sort()).toEqual(['fits.zip', 'placed.zip', 'unpacked']);
      await new EmbeddedRunner(database.db, { pollMs: 20 }).drain();
    } finally {
      useTestEnv({ DATA_DIR: dataDir });
    }
    expect(readdirSync(folder).sort()).toEqual(['placed.zip', 'unpacked']);
  });

  it('users list their drop folder with sizes and delete from it (REST and tRPC); 404 unknown, 409 while imported', async () => {
    const auth = await signIn(`files-${engine}`);
    const userId = await userIdOf(`files-${engine}`);
    const folder = dropFolder(userId);
    mkdirSync(join(folder, 'unpacked', 'activities'), { recursive: true });
    writeFileSync(join(folder, 'unpacked', 'activities', 'a.gpx'), Buffer.alloc(700));
    writeFileSync(join(folder, 'unpacked', 'activities.csv'), Buffer.alloc(300));
    writeFileSync(join(folder, 'placed.zip'), zipBytes);
    writeFileSync(join(folder, '.hidden'), Buffer.alloc(10));

    const listed = await filesRoute(auth);
    expect(listed.status).toBe(200);
    const modified = (name: string) => statSync(join(folder, name)).mtime.toISOString();
    expect(await listed.json()).toEqual([
      { name: 'placed.zip', kind: 'zip', bytes: zipBytes.length, modified_at: modified('placed.zip') },
      { name: 'unpacked', kind: 'folder', bytes: 1000, modified_at: modified('unpacked') },
    ]);
    const stranger = await signIn(`files-stranger-${engine}`);
    expect(await (await filesRoute(stranger)).json()).toEqual([]);
    expect((await deleteFile(stranger, 'placed.zip')).status).toBe(404);

    // while an import reads it, it cannot be deleted
    const job = await post(auth, JSON.stringify({ file: 'placed.zip' }), 'application/json');
    expect(job.status).toBe(202);
    const busy = await deleteFile(auth, 'placed.zip');
    expect(busy.status).toBe(409);
    expect(busy.headers.get('content-type')).toBe('application/problem+json');
    await new EmbeddedRunner(database.db, { pollMs: 20 }).drain();

    expect((await deleteFile(auth, 'placed.zip')).status).toBe(204);
    expect((await deleteFile(auth, 'placed.zip')).status).toBe(404);
    expect((await deleteFile(auth, '../files-stranger')).status).toBe(404);
    expect((await deleteFile(auth, '.hidden')).status).toBe(404);

    const caller = createCallerFactory(appRouter)(await createTrpcContext({ req: new Request(`${BASE}/api/trpc`, { headers: auth }) }));
    expect((await caller.archiveImport.files()).map((f) => f.name)).toEqual(['unpacked']);
    await caller.archiveImport.deleteFile({ name: 'unpacked' });
    expect(await caller.archiveImport.files()).toEqual([]);
    await expect(caller.archiveImport.deleteFile({ name: 'unpacked' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(readdirSync(folder)).toEqual(['.hidden']);
  });
});

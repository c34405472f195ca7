import { mkdtempSync } from 'node:fs';
import { appendFile, copyFile, lstat, mkdir, readdir, readFile, rename, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as inboxRoute from '@/app/api/v1/profile/inbox/route';
import { openDatabase } from '@/db/client';
import { activities, inboxFiles } from '@/db/schema';
import { jobEventName } from '@/server/job-queue/inngest-client';
import { inboxImportFunction } from '@/inngest/functions/inbox-import';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { CORPUS_DIR } from '@/server/formats/test-support/corpus';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { inboxFolder } from './inbox-folder';
import { InboxWatcher } from './inbox-watcher';

// CONTRACT: Beyond the spec … Integrations: the watched inbox. Files are written into the real
// folder; watchers look (twice: the size must hold still) and claim; the embedded runner ingests.

const corpus = (path: string) => join(CORPUS_DIR, path);
const FIT = corpus('fit/garmin_fenix5_walk_tiny.fit');
const GPX = corpus('gpx/garmin_connect_run_tpx_hr_cad_temp.gpx');
const TCX = corpus('tcx/polar_beat_tiny_indoor.tcx');
const BAD = corpus('bad/polar_hrm_not_xml.gpx');
/** A small upload cap (1 MiB), so that a file past it is cheap to make (sparse). */
const CAP = 1024 * 1024;

describe.each(testEngines())('watched inbox on %s', (engine) => {
  let database: TestDatabase;
  const watcher = () => new InboxWatcher(database.db, 1_000);
  const runJobs = (db = database.db) => new EmbeddedRunner(db, { pollMs: 20 }).drain();
  const list = async (folder: string) => (await readdir(folder).catch(() => [])).sort();
  const claims = (userId: number) => database.db.select().from(inboxFiles).where(eq(inboxFiles.userId, userId));
  const stored = (userId: number) =>
    database.db
      .select({ id: activities.id, hidden: activities.isHidden })
      .from(activities)
      .where(and(eq(activities.userId, userId), eq(activities.source, 'upload')));

  beforeAll(async () => {
    useTestEnv({ INBOX_POLL_SECONDS: '1', MAX_UPLOAD_BYTES: String(CAP) });
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(() => database.close());

  it('three formats are ingested once through the upload pipeline and moved to done/; a bad file goes to failed/ with its reason', async () => {
    const { userId, token } = await signedInUser(database.db);
    const inbox = inboxFolder(userId);
    await mkdir(inbox, { recursive: true });
    for (const file of [FIT, GPX, TCX]) await copyFile(file, join(inbox, file.split('/').pop()!));
    await copyFile(BAD, join(inbox, 'broken.gpx'));
    await writeFile(join(inbox, 'notes.txt'), 'not an activity');
    const w = watcher();
    expect(await w.look()).toBe(0); // first sighting: sizes not yet known to hold
    expect(await w.look()).toBe(4);
    expect(await w.look()).toBe(0);
    expect(await runJobs()).toBe(4);
    expect(await list(inbox)).toEqual(['done', 'failed', 'notes.txt']);
    expect(await list(join(inbox, 'done'))).toEqual(['garmin_connect_run_tpx_hr_cad_temp.gpx', 'garmin_fenix5_walk_tiny.fit', 'polar_beat_tiny_indoor.tcx']);
    expect(await list(join(inbox, 'failed'))).toEqual(['broken.gpx', 'broken.gpx.error.txt']);
    const rows = await claims(userId);
    const failed = rows.find((r) => r.name === 'broken.gpx')!;
    expect(failed.status).toBe('failed');
    expect(await readFile(join(inbox, 'failed', 'broken.gpx.error.txt'), 'utf8')).toBe(`${failed.detail}\n`);
    const done = rows.filter((r) => r.status === 'done');
    expect(done).toHaveLength(3);
    expect(done.every((r) => r.activityIds.length >= 1)).toBe(true);
    expect((await stored(userId)).map((a) => a.id).sort()).toEqual(done.flatMap((r) => r.activityIds).sort());
    expect(await w.look()).toBe(0);

    const res = await inboxRoute.GET(
      new Request('http://127.0.0.1:3000/api/v1/profile/inbox', {
        headers: { authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'x-stride-peer': '10.12.0.1' },
      }),
      { params: Promise.resolve({}) },
    );
    const body = (await res.json()) as { path: string; files: { name: string; status: string }[] };
    expect(body.path.endsWith(join('imports', String(userId), 'inbox'))).toBe(true);
    expect(body.files.map((f) => [f.name, f.status]).sort()).toEqual([
      ['broken.gpx', 'failed'],
      ['garmin_connect_run_tpx_hr_cad_temp.gpx', 'done'],
      ['garmin_fenix5_walk_tiny.fit', 'done'],
      ['polar_beat_tiny_indoor.tcx', 'done'],
    ]);
  });

  it('a duplicate (the same recording again) goes the upload way: stored hidden, and its file is done', async () => {
    const { userId } = await signedInUser(database.db);
    const inbox = inboxFolder(userId);
    await mkdir(inbox, { recursive: true });
    await copyFile(FIT, join(inbox, 'walk.fit'));
    const w = watcher();
    await w.look();
    await w.look();
    await runJobs();
    await copyFile(FIT, join(inbox, 'walk.fit'));
    await w.look();
    await w.look();
    await runJobs();
    expect(await list(join(inbox, 'done'))).toEqual([expect.stringMatching(/^walk-[0-9a-f]{8}\.fit$/), 'walk.fit'].sort());
    expect((await stored(userId)).map((a) => a.hidden).sort()).toEqual([false, true]);
  });

  it('a file still being written is not read until its size holds; .part files are never read', async () => {
    const { userId } = await signedInUser(database.db);
    const inbox = inboxFolder(userId);
    await mkdir(inbox, { recursive: true });
    const bytes = await readFile(GPX);
    const half = Math.floor(bytes.length / 2);
    await writeFile(join(inbox, 'growing.gpx'), bytes.subarray(0, half));
    await writeFile(join(inbox, 'synced.gpx.part'), bytes);
    const w = watcher();
    expect(await w.look()).toBe(0);
    await appendFile(join(inbox, 'growing.gpx'), bytes.subarray(half));
    expect(await w.look()).toBe(0); // it grew since the last look
    expect(await w.look()).toBe(1);
    await rename(join(inbox, 'synced.gpx.part'), join(inbox, 'synced.gpx'));
    expect(await w.look()).toBe(0);
    expect(await w.look()).toBe(1);
    await runJobs();
    expect(await list(join(inbox, 'done'))).toEqual(['growing.gpx', 'synced.gpx']);
    expect((await claims(userId)).every((r) => r.status === 'done')).toBe(true);
  });

  it('a restart between the claim and the ingest ingests the file once (the claim and its job are durable)', async () => {
    const { userId } = await signedInUser(database.db);
    const inbox = inboxFolder(userId);
    await mkdir(inbox, { recursive: true });
    await copyFile(TCX, join(inbox, 'indoor.tcx'));
    const before = watcher();
    await before.look();
    expect(await before.look()).toBe(1);
    // "restart": a new process has new watchers with nothing seen yet, and a new runner
    const after = watcher();
    expect(await after.look()).toBe(0);
    expect(await after.look()).toBe(0); // claimed before the restart: not claimed again
    expect(await runJobs()).toBe(1);
    expect(await claims(userId)).toEqual([expect.objectContaining({ name: 'indoor.tcx', status: 'done' })]);
    expect(await stored(userId)).toHaveLength(1);
  });

  it('under Inngest the same body ingests a claimed file', async () => {
    const { userId } = await signedInUser(database.db);
    const inbox = inboxFolder(userId);
    await mkdir(inbox, { recursive: true });
    await copyFile(FIT, join(inbox, 'inngest.fit'));
    const w = watcher();
    await w.look();
    expect(await w.look()).toBe(1);
    const [claim] = await claims(userId);
    const t = new InngestTestEngine({ function: inboxImportFunction, events: [{ name: jobEventName('inbox_import'), data: { job_id: claim!.jobId } }] });
    const { result } = await t.execute();
    expect(result).toBe('succeeded');
    expect(await claims(userId)).toEqual([expect.objectContaining({ status: 'done', activityIds: [expect.any(Number)] })]);
    expect(await list(join(inbox, 'done'))).toEqual(['inngest.fit']);
  });

  // Issue 49 case 5: links in the inbox made the mover write into another user's inbox or outside
  // DATA_DIR, and a file swapped for a link after its claim was read through it.
  const isLink = async (path: string) => (await lstat(path)).isSymbolicLink();
  const outside = () => mkdtempSync(join(tmpdir(), 'stride-outside-'));

  it('done/ and failed/ that are links are made real folders again: nothing is written through them, nor through a planted .error.txt link', async () => {
    const victim = await signedInUser(database.db);
    const victimDone = join(inboxFolder(victim.userId), 'done');
    await mkdir(victimDone, { recursive: true });
    const elsewhere = outside();
    await writeFile(join(elsewhere, 'keep.txt'), 'untouched');
    const { userId } = await signedInUser(database.db);
    const inbox = inboxFolder(userId);
    await mkdir(inbox, { recursive: true });
    await symlink(victimDone, join(inbox, 'done'));
    await symlink(elsewhere, join(inbox, 'failed'));
    await copyFile(FIT, join(inbox, 'walk.fit'));
    await copyFile(BAD, join(inbox, 'broken.gpx'));
    const w = watcher();
    await w.look();
    expect(await w.look()).toBe(2);
    expect(await runJobs()).toBe(2);
    expect(await list(victimDone)).toEqual([]);
    expect(await list(elsewhere)).toEqual(['keep.txt']);
    expect(await isLink(join(inbox, 'done'))).toBe(false);
    expect(await isLink(join(inbox, 'failed'))).toBe(false);
    expect(await list(join(inbox, 'done'))).toEqual(['walk.fit']);
    expect(await list(join(inbox, 'failed'))).toEqual(['broken.gpx', 'broken.gpx.error.txt']);

    // failed/ now real, with a link planted where the next error note would go
    await symlink(join(elsewhere, 'keep.txt'), join(inbox, 'failed', 'again.gpx.error.txt'));
    await copyFile(BAD, join(inbox, 'again.gpx'));
    await w.look();
    expect(await w.look()).toBe(1);
    await runJobs();
    expect(await readFile(join(elsewhere, 'keep.txt'), 'utf8')).toBe('untouched');
    expect(await list(join(inbox, 'failed'))).toEqual(
      [
        'again.gpx.error.txt',
        expect.stringMatching(/^again-[0-9a-f]{8}\.gpx$/),
        expect.stringMatching(/^again-[0-9a-f]{8}\.gpx\.error\.txt$/),
        'broken.gpx',
        'broken.gpx.error.txt',
      ].sort(),
    );
  });

  it('an inbox file swapped for a link between its claim and its read is refused and moved as a link, its target unread', async () => {
    const elsewhere = outside();
    const secret = join(elsewhere, 'secret.gpx');
    await copyFile(GPX, secret);
    const { userId } = await signedInUser(database.db);
    const inbox = inboxFolder(userId);
    await mkdir(inbox, { recursive: true });
    await copyFile(FIT, join(inbox, 'walk.fit'));
    const w = watcher();
    await w.look();
    expect(await w.look()).toBe(1);
    await rm(join(inbox, 'walk.fit'));
    await symlink(secret, join(inbox, 'walk.fit'));
    await runJobs();
    expect(await stored(userId)).toEqual([]);
    expect(await claims(userId)).toEqual([expect.objectContaining({ status: 'failed', detail: 'The file is a link; links are not read.', activityIds: [] })]);
    expect(await list(join(inbox, 'failed'))).toEqual(['walk.fit', 'walk.fit.error.txt']);
    expect(await isLink(join(inbox, 'failed', 'walk.fit'))).toBe(true);
    expect(await list(elsewhere)).toEqual(['secret.gpx']);
  });

  it("an inbox that is a link to another user's inbox is not looked into", async () => {
    const victim = await signedInUser(database.db);
    const victimInbox = inboxFolder(victim.userId);
    await mkdir(victimInbox, { recursive: true });
    const { userId } = await signedInUser(database.db);
    await mkdir(join(inboxFolder(userId), '..'), { recursive: true });
    await symlink(victimInbox, inboxFolder(userId));
    await copyFile(FIT, join(victimInbox, 'theirs.fit'));
    const w = watcher();
    await w.look();
    await w.look();
    await runJobs();
    expect(await claims(userId)).toEqual([]);
    expect(await stored(userId)).toEqual([]);
    expect(await claims(victim.userId)).toEqual([expect.objectContaining({ name: 'theirs.fit', status: 'done' })]);
  });

  // Issue 49 case 6: a huge inbox file was read into memory before its size was checked.
  it('a file past the upload cap is refused on its size before it is read (to failed/ with the reason), in bounded memory', async () => {
    const { userId } = await signedInUser(database.db);
    const inbox = inboxFolder(userId);
    await mkdir(inbox, { recursive: true });
    const huge = join(inbox, 'huge.fit');
    await writeFile(huge, '');
    await truncate(huge, 256 * CAP); // sparse: 256 MiB that take no disk
    const w = watcher();
    await w.look();
    expect(await w.look()).toBe(1);
    const base = process.memoryUsage().arrayBuffers;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 2);
    try {
      await runJobs();
    } finally {
      clearInterval(sampler);
    }
    const detail = 'The file is larger than the 1 MiB limit.';
    expect(await claims(userId)).toEqual([expect.objectContaining({ status: 'failed', detail })]);
    expect(await list(join(inbox, 'failed'))).toEqual(['huge.fit', 'huge.fit.error.txt']);
    expect(await readFile(join(inbox, 'failed', 'huge.fit.error.txt'), 'utf8')).toBe(`${detail}\n`);
    expect(peak - base).toBeLessThan(32 * CAP);
  });

  it.runIf(engine === 'postgres')('two instances on one PostgreSQL and DATA_DIR ingest each file once', async () => {
    const { userId } = await signedInUser(database.db);
    const inbox = inboxFolder(userId);
    await mkdir(inbox, { recursive: true });
    for (const [i, file] of [FIT, GPX, TCX, GPX, FIT].entries()) await copyFile(file, join(inbox, `${i}-${file.split('/').pop()}`));
    const other = await openDatabase({ databaseUrl: database.url! });
    try {
      const a = new InboxWatcher(database.db, 1_000);
      const b = new InboxWatcher(other.db, 1_000);
      await Promise.all([a.look(), b.look()]);
      const claimed = await Promise.all([a.look(), b.look()]);
      expect(claimed[0] + claimed[1]).toBe(5);
      await Promise.all([runJobs(database.db), runJobs(other.db)]);
    } finally {
      await other.close();
    }
    expect(await list(join(inbox, 'done'))).toHaveLength(5);
    const rows = await claims(userId);
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect((await stored(userId)).length).toBe(rows.reduce((n, r) => n + r.activityIds.length, 0));
  });
});

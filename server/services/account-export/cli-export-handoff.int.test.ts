import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as jobRoute from '@/app/api/internal/account-exports/[job_id]/route';
import * as startRoute from '@/app/api/internal/account-exports/route';
import { pgliteDirFor, readClaim } from '@/db/pglite-claim';
import { jobs, users, type UserRow } from '@/db/schema';
import { INTERNAL_SECRET_HEADER, readInternalSecret } from '@/server/process-claim/running-server';
import { env } from '@/server/env';
import { settleEvents } from '@/server/events/activity-created';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import type { AccountExportResult } from '@/server/services/account-export/account-export-payload';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { useDatabaseForTests } from '@/server/runtime';
import { playServer, runScript, type PlayedServer } from '@/server/testing/internal-routes';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { createActivitiesFromUpload } from '../uploads/create-activities-from-upload';

// `npm run export` beside a running server on the embedded database. The CLI (a real
// child process, run as `npm run export` runs it) finds the database claimed by the server and
// announced in DATA_DIR, starts the export through the internal endpoints, follows it and copies
// the zip. This process plays the server: it claims the data directory as `npm start` does, serves
// the internal routes over loopback, and its runner runs the job.

const BASE = 'http://127.0.0.1:3000';
const noParams = { params: Promise.resolve({}) };

const runExport = (args: string[], dataDir = env().DATA_DIR) => runScript('scripts/export-account.ts', args, dataDir, {}, ['--max-semi-space-size=2']).done;

describe.each(testEngines())('export CLI handed to the running server on %s', (engine) => {
  let database: TestDatabase;
  let played: PlayedServer;
  let user: UserRow;
  const username = `Exporter-${engine}`;

  beforeAll(async () => {
    useTestEnv();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    [user] = (await database.db.insert(users).values({ username }).returning()) as [UserRow];
    const bytes = readCorpusFile('gpx/strava_export_run_hr_cad_temp.gpx');
    const received = join(env().DATA_DIR, 'received.gpx');
    writeFileSync(received, bytes);
    await createActivitiesFromUpload(database.db, user.id, {
      path: received,
      filename: 'evening.gpx',
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    played = await playServer(env().DATA_DIR);
  });
  afterAll(async () => {
    played.withdraw();
    await played.stop();
    await settleEvents();
    await database.close();
  });

  it('hands the export to the server, follows it and copies the finished zip: exit 0, the account in the archive', async () => {
    const runner = new EmbeddedRunner(database.db, { pollMs: 20 });
    runner.start();
    const target = join(mkdtempSync(join(tmpdir(), 'stride-export-cli-')), 'account.zip');
    let result: Awaited<ReturnType<typeof runExport>>;
    try {
      result = await runExport(['--user', username.toUpperCase(), target]);
    } finally {
      await runner.stop();
    }
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`The server (pid ${process.pid}) holds this data directory's database: handing the export to it.`);
    expect(result.stdout).toContain(`for ${username}…`);
    expect(result.stdout).toMatch(new RegExp(`wrote ${target}: 1 activities, \\d+ bytes`));

    // the job ran in the server (this process): the copy is its archive, byte for byte
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, user.id), eq(jobs.kind, 'account_export')));
    expect(job).toMatchObject({ status: 'succeeded' });
    const written = readFileSync(join(env().DATA_DIR, (job!.result as AccountExportResult).path));
    expect(readFileSync(target).equals(written)).toBe(true);
    const zip = await JSZip.loadAsync(written);
    expect(await zip.file('activities.csv')!.async('string')).toContain('.gpx');
    expect(JSON.parse(await zip.file('stride.json')!.async('string'))).toMatchObject({ profile: { username } });
    // the CLI never opened the data directory's database
    expect(existsSync(pgliteDirFor(env().DATA_DIR))).toBe(false);
  });

  it('an unknown user exits 1 with the reason, through the server', async () => {
    const result = await runExport(['--user', 'nobody-at-all', join(tmpdir(), 'never.zip')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No user named "nobody-at-all".');
    expect(result.stdout).toContain('handing the export to it');
  });

  it('the internal export endpoints refuse a wrong secret (401) and a non-loopback peer (403); bad input 422, an unknown job 404', async () => {
    const post = (headers: Record<string, string>, body: unknown) =>
      startRoute.POST(
        new Request(`${BASE}/api/internal/account-exports`, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json', ...headers },
        }),
        noParams,
      );
    const secret = readInternalSecret(env().DATA_DIR)!;
    expect((await post({ 'x-stride-peer': '127.0.0.1', [INTERNAL_SECRET_HEADER]: 'wrong' }, { user: username })).status).toBe(401);
    expect((await post({ 'x-stride-peer': '10.0.0.5', [INTERNAL_SECRET_HEADER]: secret }, { user: username })).status).toBe(403);
    expect((await post({ 'x-stride-peer': '::1', [INTERNAL_SECRET_HEADER]: secret }, { user: username, extra: 1 })).status).toBe(422);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await jobRoute.GET(
        new Request(`${BASE}/api/internal/account-exports/${id}`, { headers: { 'x-stride-peer': '::1', [INTERNAL_SECRET_HEADER]: secret } }),
        {
          params: Promise.resolve({ job_id: id }),
        },
      );
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
  });

  it.runIf(engine === 'pglite')(
    'with no server on the data directory the CLI opens the embedded database itself, as before, and lets it go',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'stride-export-alone-'));
      const target = join(dataDir, 'admin.zip');
      const result = await runExport(['--user', 'admin', target], dataDir);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).not.toContain('handing the export');
      expect(result.stdout).toMatch(new RegExp(`wrote ${target}: 0 activities, \\d+ bytes`));
      expect(JSON.parse(await (await JSZip.loadAsync(readFileSync(target))).file('stride.json')!.async('string'))).toMatchObject({
        profile: { username: 'admin' },
      });
      expect(existsSync(pgliteDirFor(dataDir))).toBe(true);
      expect(readClaim(pgliteDirFor(dataDir))).toBeNull();
      // a child process that creates, migrates and opens a new embedded database: ~45 s on a loaded 2-core machine
    },
    180_000,
  );
});

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as jobRoute from '@/app/api/internal/archive-imports/[job_id]/route';
import * as startRoute from '@/app/api/internal/archive-imports/route';
import { claimPathFor, pgliteDirFor, readClaim } from '@/db/pglite-claim';
import { activities, users } from '@/db/schema';
import {
  announceServer,
  findRunningServer,
  INTERNAL_SECRET_FILE,
  INTERNAL_SECRET_HEADER,
  readInternalSecret,
  SERVER_FILE,
} from '@/server/process-claim/running-server';
import { env } from '@/server/env';
import { writeZip } from '@/server/formats/archive/test-support/zip-writer';
import { CORPUS_DIR } from '@/server/formats/test-support/corpus';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { useDatabaseForTests } from '@/server/runtime';
import { playServer, runScript, serveInternalRoutes, serverUrl, type PlayedServer } from '@/server/testing/internal-routes';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { CHILD_PROCESS_TEST_TIMEOUT_MS, childEnded, waitUntil } from '@/server/testing/wait-until';
import { useTestEnv as applyTestEnv } from '@/server/testing/test-env';
import { processStartTicks } from '@/server/util/process-identity';

// `npm run import` beside a running server on the embedded database. The CLI (a real
// child process) finds the database claimed by the server (db/pglite-claim.ts) and announced in
// DATA_DIR, and hands the job to the internal endpoints, served here by a real HTTP server that
// stamps the socket peer like scripts/start.ts; this process plays the server (it claims the data
// directory as `npm start` does) and the job runs on its database. The endpoints' locks are
// checked on the handlers.

const MANIFEST =
  'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Activity Gear,Filename,Media\n' +
  '7171,"Dec 1, 2015, 8:11:32 PM",Handed Over,Run,,,activities/7171.gpx,\n';
const BASE = 'http://127.0.0.1:3000';
const noParams = { params: Promise.resolve({}) };

const runCli = (args: string[], dataDir = env().DATA_DIR) => runScript('scripts/import-archive.ts', args, dataDir).done;

/** A loopback address where nothing listens. */
async function closedUrl(): Promise<string> {
  const server = await serveInternalRoutes();
  const url = serverUrl(server);
  await new Promise((r) => server.close(r));
  return url;
}

/** An unrelated live process (not node, not ours), to stand for one that was given a dead server's pid. */
function unrelatedProcess() {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  return { pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

describe.each(testEngines())('import CLI handed to the running server on %s', { timeout: CHILD_PROCESS_TEST_TIMEOUT_MS }, (engine) => {
  let database: TestDatabase;
  let played: PlayedServer;
  let server: Server;
  let withdraw: () => void;
  let archive: string;
  const username = `Cli-${engine}`;

  beforeAll(async () => {
    applyTestEnv();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    await database.db.insert(users).values({ username });
    archive = join(mkdtempSync(join(tmpdir(), 'stride-cli-')), 'export.zip');
    await writeZip(archive, [
      { name: 'activities.csv', data: Buffer.from(MANIFEST) },
      { name: 'activities/7171.gpx', data: readFileSync(join(CORPUS_DIR, 'gpx/strava_export_run_hr_cad_temp.gpx')) },
    ]);
    // as `npm start` does: claim, open, listen, announce
    played = await playServer(env().DATA_DIR);
    server = played.server;
    withdraw = played.withdraw;
  });
  afterAll(async () => {
    withdraw();
    await played.stop();
    await database.close();
  });

  it('announces the server with 0600 files, and withdraws only its own announcement', () => {
    const dataDir = env().DATA_DIR;
    expect(statSync(join(dataDir, INTERNAL_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, SERVER_FILE)).mode & 0o777).toBe(0o600);
    expect(findRunningServer(dataDir)?.pid).toBe(process.pid);
    const other = mkdtempSync(join(tmpdir(), 'stride-dead-'));
    // a server that was killed leaves its file behind: its pid is no longer alive
    announceServer(other, { pid: 2 ** 22 + 7, url: 'http://127.0.0.1:1' });
    expect(findRunningServer(other)).toBeNull();
  });

  it('the CLI imports through the server: exit 0 with the counts, and a second run stores nothing twice', async () => {
    const runner = new EmbeddedRunner(database.db, { pollMs: 20 });
    runner.start();
    try {
      const first = await runCli(['--user', username.toLowerCase(), archive]);
      expect(first.stderr).not.toMatch(/error/i);
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(`The server (pid ${process.pid}) holds this data directory's database: handing the import to it.`);
      expect(first.stdout).toContain(`for ${username} (job `);
      expect(first.stdout).toContain('Done: 1 created, 0 skipped, 0 failed.');
      const again = await runCli(['--user', username, archive]);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('Done: 0 created, 1 skipped, 0 failed.');
    } finally {
      await runner.stop();
    }
    const [user] = await database.db.select().from(users).where(eq(users.username, username));
    const stored = await database.db.select({ name: activities.name }).from(activities).where(eq(activities.userId, user!.id));
    expect(stored).toEqual([{ name: 'Handed Over' }]);
  });

  it.runIf(engine === 'pglite')('without a live server (a killed one left its file) the CLI opens the embedded database itself, as before', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stride-cli-alone-'));
    announceServer(dataDir, { pid: 2 ** 22 + 7, url: serverUrl(server) });
    const alone = await runCli(['--user', 'admin', archive], dataDir);
    expect(alone.code).toBe(0);
    expect(alone.stdout).not.toContain('handing the import');
    expect(alone.stdout).toContain('Done: 1 created, 0 skipped, 0 failed.');
    // the running test server's database was not the one written
    const handed = await database.db.select({ id: activities.id }).from(activities);
    expect(handed).toHaveLength(1);
  });

  it('a CLI started after the server claimed the database but before it listens waits for it, then hands off; it never opens the files', async () => {
    const runner = new EmbeddedRunner(database.db, { pollMs: 20 });
    runner.start();
    // the server between opening its database and listening: claimed, not announced
    withdraw();
    try {
      const run = runScript('scripts/import-archive.ts', ['--user', username, archive], env().DATA_DIR);
      const waiting = `The server (pid ${process.pid}) holds this data directory's database and is starting: waiting up to 120 s for it to listen…`;
      await waitUntil(() => run.output().stdout.includes(waiting), 60_000, 'the CLI to say it waits', childEnded(run.child));
      // no fixed sleep to see it "still waiting": the hand-off below can only happen after the
      // announcement, so the CLI did wait for it
      withdraw = announceServer(env().DATA_DIR, { pid: process.pid, url: serverUrl(server) });
      const result = await run.done;
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`The server (pid ${process.pid}) holds this data directory's database: handing the import to it.`);
      expect(result.stdout).toContain('Done: 0 created, 1 skipped, 0 failed.');
    } finally {
      withdraw = announceServer(env().DATA_DIR, { pid: process.pid, url: serverUrl(server) });
      await runner.stop();
    }
    expect(existsSync(pgliteDirFor(env().DATA_DIR))).toBe(false);
    expect(readClaim(pgliteDirFor(env().DATA_DIR))).toMatchObject({ pid: process.pid, role: 'server' });
  });

  it('the wait is bounded: a server that never listens gets a message saying what to do', async () => {
    withdraw();
    try {
      const result = await runScript('scripts/import-archive.ts', ['--user', username, archive], env().DATA_DIR, { CLI_SERVER_WAIT_SECONDS: '1' }).done;
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `The server (pid ${process.pid}) has held this data directory's database for over 1 s without listening: wait until it prints "Stride is listening", or stop it, then run again.`,
      );
    } finally {
      withdraw = announceServer(env().DATA_DIR, { pid: process.pid, url: serverUrl(server) });
    }
    expect(existsSync(pgliteDirFor(env().DATA_DIR))).toBe(false);
  });

  it.runIf(engine === 'pglite')('a live server that does not answer at its address: the CLI says to stop it', async () => {
    withdraw = announceServer(env().DATA_DIR, { pid: process.pid, url: await closedUrl() });
    try {
      const result = await runCli(['--user', username, archive]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`does not answer at`);
      expect(result.stderr).toContain(`Pid ${process.pid} holds this data directory's database but does not answer for it: stop it, then run again.`);
    } finally {
      withdraw = announceServer(env().DATA_DIR, { pid: process.pid, url: serverUrl(server) });
    }
  });

  it.runIf(engine === 'pglite')(
    'a killed server whose pid went to an unrelated process: its files are stale, the CLI imports itself and clears them',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'stride-cli-reused-'));
      const other = unrelatedProcess();
      try {
        // what the killed server left: its claim (its own start time, not the new process's) and its announcement
        expect(processStartTicks(other.pid)).not.toBe('1');
        writeFileSync(claimPathFor(pgliteDirFor(dataDir)), JSON.stringify({ pid: other.pid, role: 'server', started: '1', boot: null }));
        announceServer(dataDir, { pid: other.pid, url: await closedUrl() });
        const result = await runCli(['--user', 'admin', archive], dataDir);
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        expect(result.stdout).not.toContain('handing the import');
        expect(result.stdout).toContain('Done: 1 created, 0 skipped, 0 failed.');
        expect(existsSync(join(dataDir, SERVER_FILE))).toBe(false);
        expect(existsSync(join(dataDir, INTERNAL_SECRET_FILE))).toBe(false);
        expect(readClaim(pgliteDirFor(dataDir))).toBeNull();
      } finally {
        other.stop();
      }
    },
  );

  it.runIf(engine === 'pglite')(
    'where a live pid cannot be told from the killed server (no start time, as without /proc), the CLI says exactly what to do',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'stride-cli-unsure-'));
      const other = unrelatedProcess();
      const lockPath = claimPathFor(pgliteDirFor(dataDir));
      try {
        writeFileSync(lockPath, JSON.stringify({ pid: other.pid, role: 'server', started: null, boot: null }));
        announceServer(dataDir, { pid: other.pid, url: await closedUrl() });
        const result = await runCli(['--user', 'admin', archive], dataDir);
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`Process ${other.pid} still runs, but it may be another program that was given the pid of a server that was killed.`);
        expect(result.stderr).toContain(
          `If a Stride server runs on ${dataDir}, stop it, then run again; if none does, delete ${join(dataDir, SERVER_FILE)} and ${lockPath}, then run again.`,
        );
        expect(existsSync(pgliteDirFor(dataDir))).toBe(false);
      } finally {
        other.stop();
      }
    },
  );

  it('an unknown option such as --help exits 2 with one line and the usage, no stack trace', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Unknown option '--help'");
    expect(result.stderr).toContain('usage: npm run import -- --user <username>');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('an unknown user exits 1 with the reason, through the server', async () => {
    const result = await runCli(['--user', 'nobody-at-all', archive]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No user named "nobody-at-all".');
  });

  describe('the internal endpoints', () => {
    const call = (headers: Record<string, string>, body: unknown = { user: username, path: archive }) =>
      startRoute.POST(
        new Request(`${BASE}/api/internal/archive-imports`, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json', ...headers },
        }),
        noParams,
      );
    const secret = () => readInternalSecret(env().DATA_DIR)!;

    it('refuse a non-loopback peer (403) even with the secret, and a missing peer', async () => {
      for (const peer of ['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1']) {
        const res = await call({ 'x-stride-peer': peer, [INTERNAL_SECRET_HEADER]: secret() });
        expect(res.status).toBe(403);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
        expect(await res.json()).toMatchObject({ status: 403, type: 'urn:service:error:permission-denied' });
      }
      expect((await call({ [INTERNAL_SECRET_HEADER]: secret() })).status).toBe(403);
    });

    it('refuse a wrong or missing secret (401 problem)', async () => {
      for (const headers of [{ [INTERNAL_SECRET_HEADER]: 'wrong' }, { [INTERNAL_SECRET_HEADER]: `${secret()}x` }, {}] as Record<string, string>[]) {
        const res = await call({ 'x-stride-peer': '127.0.0.1', ...headers });
        expect(res.status).toBe(401);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
        expect(await res.json()).toMatchObject({ status: 401, type: 'urn:service:error:unauthorized', instance: '/api/internal/archive-imports' });
      }
      const status = await jobRoute.GET(new Request(`${BASE}/api/internal/archive-imports/x`, { headers: { 'x-stride-peer': '::1' } }), {
        params: Promise.resolve({ job_id: 'x' }),
      });
      expect(status.status).toBe(401);
    });

    it('answer problems for bad input: a relative path or extra field 422, an unknown user or job 404', async () => {
      const ok = { 'x-stride-peer': '::1', [INTERNAL_SECRET_HEADER]: secret() };
      expect((await call(ok, { user: username, path: 'export.zip' })).status).toBe(422);
      expect((await call(ok, { user: username, path: archive, extra: 1 })).status).toBe(422);
      const bad = await startRoute.POST(
        new Request(`${BASE}/api/internal/archive-imports`, { method: 'POST', body: '{', headers: { 'content-type': 'application/json', ...ok } }),
        noParams,
      );
      expect(bad.headers.get('content-type')).toBe('application/problem+json');
      expect(bad.status).toBeLessThan(500);
      expect((await call(ok, { user: 'nobody', path: archive })).status).toBe(404);
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        const res = await jobRoute.GET(new Request(`${BASE}/api/internal/archive-imports/${id}`, { headers: ok }), { params: Promise.resolve({ job_id: id }) });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
      }
    });
  });
});

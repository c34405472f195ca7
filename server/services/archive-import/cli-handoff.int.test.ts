import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as jobRoute from '@/app/api/internal/archive-imports/[job_id]/route';
import * as startRoute from '@/app/api/internal/archive-imports/route';
import { activities, users } from '@/db/schema';
import {
  announceServer,
  findRunningServer,
  INTERNAL_SECRET_FILE,
  INTERNAL_SECRET_HEADER,
  readInternalSecret,
  SERVER_FILE,
} from '@/server/config/running-server';
import { env } from '@/server/env';
import { writeZip } from '@/server/formats/archive/test-support/zip-writer';
import { CORPUS_DIR } from '@/server/formats/test-support/corpus';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { useDatabaseForTests } from '@/server/runtime';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv as applyTestEnv } from '@/server/testing/test-env';

// Issue 12: `npm run import` beside a running server on the embedded database. The CLI (a real
// child process) finds the server announced in DATA_DIR and hands the job to the internal
// endpoints, served here by a real HTTP server that stamps the socket peer like scripts/start.ts;
// the job runs on this process's database. The endpoints' locks are checked on the handlers.

const MANIFEST =
  'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Activity Gear,Filename,Media\n' +
  '7171,"Dec 1, 2015, 8:11:32 PM",Handed Over,Run,,,activities/7171.gpx,\n';
const BASE = 'http://127.0.0.1:3000';
const noParams = { params: Promise.resolve({}) };

/** The two internal routes behind a loopback HTTP server, the peer written from the socket. */
function serveInternalRoutes(): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers(req.headers as Record<string, string>);
    headers.set('x-stride-peer', req.socket.remoteAddress ?? '');
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const jobId = /^\/api\/internal\/archive-imports\/([^/]+)$/.exec(req.url ?? '')?.[1];
    const response = jobId ? await jobRoute.GET(request, { params: Promise.resolve({ job_id: jobId }) }) : await startRoute.POST(request, noParams);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function runCli(args: string[], dataDir = env().DATA_DIR): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SECRET_KEY: env().SECRET_KEY, ADMIN_USERNAME: 'admin', LOG_LEVEL: 'warn' };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import-archive.ts', ...args], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe.each(testEngines())('import CLI handed to the running server on %s', (engine) => {
  let database: TestDatabase;
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
    server = await serveInternalRoutes();
    withdraw = announceServer(env().DATA_DIR, { pid: process.pid, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    withdraw();
    await new Promise((r) => server.close(r));
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
    announceServer(dataDir, { pid: 2 ** 22 + 7, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    const alone = await runCli(['--user', 'admin', archive], dataDir);
    expect(alone.code).toBe(0);
    expect(alone.stdout).not.toContain('handing the import');
    expect(alone.stdout).toContain('Done: 1 created, 0 skipped, 0 failed.');
    // the running test server's database was not the one written
    const handed = await database.db.select({ id: activities.id }).from(activities);
    expect(handed).toHaveLength(1);
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

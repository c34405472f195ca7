import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import * as uploadRoute from '@/app/api/v1/activities/create/upload/route';
import * as healthRoute from '@/app/api/v1/health/route';
import * as profileRoute from '@/app/api/v1/profile/route';
import * as trpcRoute from '@/app/api/trpc/[trpc]/route';
import { openDatabase } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { scopesForRole } from '@/server/auth/scopes';
import { signAccessToken } from '@/server/auth/tokens';
import { settleEvents } from '@/server/events/activity-created';
import { MAX_FIT_SESSIONS } from '@/server/formats/limits';
import { manySessionsFit } from '@/server/formats/test-support/fit-builder';
import { useDatabaseForTests as setProcessDatabase } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { useTestEnv as setBenchEnv } from '@/server/testing/test-env';
import { closeWorkerPool } from '@/server/workers/pool';

// How long the answers of server/http/database-outage.int.test.ts and hostile-files.int.test.ts
// take (the tests assert the behaviour; these are the figures). The robustness bounds: a 503 within
// 2 s when the database is gone, GET /health within 1 s while a hostile file is parsed.
//
//   npx tsx bench/robustness/run.ts [silent-port=3312]
//
// 1. a PostgreSQL that accepts connections and never answers: ms until each route's 503 (the
//    connect timeout); 2. PGlite closed: ms until each route's 503; 3. hostile uploads on PGlite
//    while another client calls GET /health back to back: the upload's ms and the slowest /health.

const silentPort = Number(process.argv[2] ?? 3312);
const noParams = { params: Promise.resolve({}) };
const peer = { 'x-stride-peer': '10.7.0.1' };

async function ms(call: () => Promise<Response>): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await call();
  await res.arrayBuffer();
  return { status: res.status, ms: Math.round(performance.now() - started) };
}

function outageCalls(token: string): [string, () => Promise<Response>][] {
  const auth = { ...peer, authorization: `Bearer ${token}`, 'x-client-type': 'mobile' };
  return [
    ['GET /profile', () => profileRoute.GET(new Request('http://127.0.0.1/api/v1/profile', { headers: auth }), noParams)],
    ['tRPC profile.me', () => trpcRoute.GET(new Request('http://127.0.0.1/api/trpc/profile.me', { headers: auth }))],
    ['tRPC system.health', () => trpcRoute.GET(new Request('http://127.0.0.1/api/trpc/system.health', { headers: peer }))],
  ];
}

async function silentPostgres(): Promise<Record<string, unknown>[]> {
  const sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(silentPort, '127.0.0.1', resolve));
  const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${silentPort}/postgres` });
  setProcessDatabase(database);
  const token = await signAccessToken({ userId: 1, sessionId: randomUUID(), scopes: scopesForRole('regular') });
  const rows = [];
  for (const [label, call] of outageCalls(token)) rows.push({ case: `silent PostgreSQL: ${label}`, ...(await ms(call)) });
  await database.close().catch(() => undefined);
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  return rows;
}

async function closedPglite(): Promise<Record<string, unknown>[]> {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await runMigrations(database);
  setProcessDatabase(database);
  const { token } = await signedInUser(database.db);
  await database.close();
  const rows = [];
  for (const [label, call] of outageCalls(token)) rows.push({ case: `PGlite closed: ${label}`, ...(await ms(call)) });
  return rows;
}

/** The upload's answer time and the slowest GET /health of another client meanwhile. */
async function uploadWatchingHealth(token: string, label: string, bytes: Uint8Array, filename: string): Promise<Record<string, unknown>> {
  let done = false;
  let healthMaxMs = 0;
  let healthChecks = 0;
  const watcher = (async () => {
    while (!done) {
      const health = await ms(() => healthRoute.GET(new Request('http://127.0.0.1/api/v1/health', { headers: { 'x-stride-peer': '10.9.9.9' } }), noParams));
      healthMaxMs = Math.max(healthMaxMs, health.ms);
      healthChecks++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), filename);
  const headers = { authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'x-stride-peer': '10.9.0.1' };
  const upload = await ms(() =>
    uploadRoute.POST(new Request('http://127.0.0.1/api/v1/activities/create/upload', { method: 'POST', headers, body: form }), noParams),
  );
  done = true;
  await watcher;
  return { case: `hostile upload: ${label}`, status: upload.status, ms: upload.ms, health_max_ms: healthMaxMs, health_checks: healthChecks };
}

async function hostileUploads(): Promise<Record<string, unknown>[]> {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await runMigrations(database);
  setProcessDatabase(database);
  const { token } = await signedInUser(database.db);
  const gpx = (creator: string, name = 'n') =>
    new TextEncoder().encode(
      `<?xml version="1.0"?><gpx version="1.1" creator="${creator}"><trk><name>${name}</name><trkseg><trkpt lat="45.1" lon="7.0"><time>2024-01-01T09:00:01Z</time></trkpt><trkpt lat="45.2" lon="7.0"><time>2024-01-01T09:00:02Z</time></trkpt></trkseg></trk></gpx>`,
    );
  const siblings = gzipSync(Buffer.concat([Buffer.from('<gpx creator="t">'), Buffer.alloc(60 * 1024 * 1024, '<a/>'), Buffer.from('</gpx>')]));
  const rows = [
    await uploadWatchingHealth(token, 'creator of 60 KB spaces', gpx(' '.repeat(60_000)), 'creator.gpx'),
    await uploadWatchingHealth(token, '60 MB of empty siblings (.gpx.gz)', siblings, 'siblings.gpx.gz'),
    await uploadWatchingHealth(token, `FIT with ${MAX_FIT_SESSIONS + 1} sessions`, manySessionsFit(MAX_FIT_SESSIONS + 1), 'sessions.fit'),
    await uploadWatchingHealth(token, 'name of 2,000,000 characters', gpx('t', 'n'.repeat(2_000_000)), 'long-name.gpx'),
  ];
  await settleEvents();
  await closeWorkerPool();
  await database.close();
  return rows;
}

setBenchEnv({ RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: 'error', DATA_DIR: mkdtempSync(join(tmpdir(), 'stride-bench-robustness-')) });
console.table([...(await silentPostgres()), ...(await closedPglite()), ...(await hostileUploads())]);

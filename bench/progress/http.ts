import { mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { pgliteDirFor } from '@/db/client';
import { useTestEnv as installTestEnv } from '@/server/testing/test-env';
import { buildInto } from '../../scripts/next-build';
import { groupCpuSeconds, signInAdmin, startBenchServer } from '../lib/server';
import { BENCH_ADMIN, benchEngines, printUptime, seedDatabase } from './seed';
import { coldReadTimes } from '../lib/edit-activity';
import { withPrivatePostgres } from '../lib/private-postgres';

// Progress reads over real HTTP against `npm start`, 10,000 activities of one user, both engines:
//   npx tsx bench/progress/http.ts [seconds per case, default 10]
// Builds once into .next-bench (BENCH_SKIP_BUILD=1 reuses it). Per engine the database is created,
// migrated and seeded (seed.ts) before the server starts on it (PGlite: in the server's DATA_DIR;
// PostgreSQL: a private database on BENCH_PG_URL, dropped afterwards), then the admin signs in and
// autocannon runs 10 connections per endpoint (3 s warm-up first) and prints p50/p99 and the
// server's CPU time per request (from /proc, as bench/reads: on a shared machine latency follows
// the neighbours' load, CPU per request much less; on PGlite, one thread, p99 at 10 connections on
// an idle machine is about 10 × it).
// The answers are kept per version of the user's activities (server/services/sessions/
// read-kept-per-version.ts), so the 10 connections mostly get kept answers, as a dashboard opened
// again does; the cold rows time a read right after an edit of one activity (PATCH of its name,
// which raises the version), one connection, COLD_ROUNDS (20) times: what the first reader after
// an upload or edit waits.
// ENGINES=pglite or ENGINES=postgres runs one engine.

const SECONDS = Number(process.argv[2] ?? 10);
const ACTIVITIES = Number(process.env.ACTIVITIES ?? 10_000);
const CONNECTIONS = 10;
const PORT = Number(process.env.PORT ?? 3105);
const DIST_DIR = process.env.BENCH_DIST_DIR ?? '.next-bench';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COLD_ROUNDS = Number(process.env.COLD_ROUNDS ?? 20);

const CASES: [string, string][] = [
  ['GET /stats?period=week, 3 years', '/api/v1/stats?period=week&start_date=2023-01-01&end_date=2025-12-31'],
  ['GET /stats/summary', '/api/v1/stats/summary'],
  ['GET /records (run)', '/api/v1/records?type=run'],
  ['GET /records (ride, 2024)', '/api/v1/records?type=ride&year=2024'],
];

async function measure(engine: string, env: Record<string, string>): Promise<Record<string, string | number>[]> {
  utimesSync(join(process.cwd(), DIST_DIR, 'BUILD_ID'), new Date(), new Date());
  const server = await startBenchServer(PORT, { RATE_LIMIT_ENABLED: 'false', STRIDE_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1', ...env });
  try {
    const headers = { authorization: `Bearer ${await signInAdmin(server.url, BENCH_ADMIN)}`, 'x-client-type': 'mobile' };
    const rows = [];
    for (const [name, path] of CASES) {
      await autocannon({ url: server.url + path, connections: CONNECTIONS, duration: 3, headers });
      const cpuBefore = groupCpuSeconds(server.process.pid!);
      const r = await autocannon({ url: server.url + path, connections: CONNECTIONS, duration: SECONDS, headers });
      const cpuMs = ((groupCpuSeconds(server.process.pid!) - cpuBefore) * 1000) / Math.max(1, r.requests.total);
      rows.push({
        engine,
        case: name,
        'req/s': Math.round(r.requests.average),
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        'cpu ms/req': +cpuMs.toFixed(1),
        '2xx': r['2xx'],
        other: r.non2xx + r.errors,
      });
    }
    rows.push(...(await coldReads(engine, server.url, headers)));
    return rows;
  } finally {
    await server.stop();
  }
}

/** Each case read right after an edit raised the version: p50/p99 of COLD_ROUNDS reads, one at a time. */
async function coldReads(engine: string, url: string, headers: Record<string, string>): Promise<Record<string, string | number>[]> {
  const list = await fetch(`${url}/api/v1/activities?page_size=1`, { headers });
  const { items } = (await list.json()) as { items: { id: number }[] };
  const id = items[0]!.id;
  const rows = [];
  for (const [name, path] of CASES) {
    const times = await coldReadTimes(url, path, headers, id, COLD_ROUNDS);
    const at = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]!);
    rows.push({
      engine,
      case: `${name}, cold after an edit`,
      'req/s': '',
      'p50 ms': at(0.5),
      'p99 ms': at(0.99),
      'cpu ms/req': '',
      '2xx': times.length,
      other: 0,
    });
  }
  return rows;
}

async function main(): Promise<void> {
  installTestEnv();
  if (process.env.BENCH_SKIP_BUILD !== '1') await buildInto(process.cwd(), DIST_DIR);
  printUptime();
  const engines = benchEngines();
  const rows = [];
  if (engines.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'stride-bench-progress-'));
    await seedDatabase({ pgliteDir: pgliteDirFor(dataDir) }, ACTIVITIES);
    rows.push(...(await measure('pglite', { DATA_DIR: dataDir })));
    console.table(rows);
  }
  if (engines.includes('postgres')) {
    await withPrivatePostgres(PG_URL, 'stride_bench_progress', async (url) => {
      await seedDatabase({ databaseUrl: url }, ACTIVITIES);
      rows.push(...(await measure('postgres', { DATABASE_URL: url })));
    });
  }
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per case after a 3 s warm-up, rate limits off, ${ACTIVITIES} activities`);
  console.table(rows);
  printUptime();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

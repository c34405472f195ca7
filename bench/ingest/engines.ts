import { execSync } from 'node:child_process';
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { buildInto } from '../../scripts/next-build';
import { withPrivatePostgres } from '../lib/private-postgres';
import { startBenchServer } from '../lib/server';
import { ingestOptionsFromEnv, measureIngest } from './measure';

// The ingest figures on both engines in one command, each against a server this script starts:
//   npx tsx bench/ingest/engines.ts [uploads per file, default 20]
// Builds into BENCH_DIST_DIR (default .next-bench; BENCH_SKIP_BUILD=1 reuses the build as it is),
// then for each engine (ENGINES=pglite,postgres by default) starts `npm start` on PORTBASE + 1 / + 2
// (default 3340) on a fresh data directory, PostgreSQL in a private database made on
// PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards, and prints
// measure.ts's figures with the load average before and after. PARSE_THREADS and the other
// server settings pass through from this environment.

const DIST_DIR = process.env.BENCH_DIST_DIR ?? '.next-bench';
const PORTBASE = Number(process.env.PORTBASE ?? 3340);
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { username: 'admin', password: 'Bench-Admin-Pass-1' };
const ENGINES = (process.env.ENGINES ?? 'pglite,postgres').split(',');

const uptime = () => `${new Date().toISOString()} ${execSync('uptime').toString().trim()}`;

async function measureEngine(engine: string, port: number, env: Record<string, string>): Promise<void> {
  console.log(`\n== ${engine} (PARSE_THREADS ${process.env.PARSE_THREADS ?? 'default'}) ==\nbefore: ${uptime()}`);
  // the build is what runs, whatever was edited since (npm start would rebuild otherwise)
  utimesSync(join(process.cwd(), DIST_DIR, 'BUILD_ID'), new Date(), new Date());
  const server = await startBenchServer(port, { RATE_LIMIT_ENABLED: 'false', STRIDE_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1', ...env });
  try {
    await measureIngest(server.url, {
      ...ingestOptionsFromEnv(Number(process.argv[2] ?? 20), ADMIN),
      serverPid: server.process.pid,
      files: process.env.FILES?.split(','),
    });
    // the last upload's activity.created subscribers finish before the database goes
    await new Promise((r) => setTimeout(r, 1000));
  } finally {
    await server.stop();
  }
  console.log(`after: ${uptime()}`);
}

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') await buildInto(process.cwd(), DIST_DIR);
  if (ENGINES.includes('pglite')) await measureEngine('pglite', PORTBASE + 1, {});
  if (ENGINES.includes('postgres'))
    await withPrivatePostgres(PG_URL, 'stride_bench_ingest', (url) => measureEngine('postgres', PORTBASE + 2, { DATABASE_URL: url }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

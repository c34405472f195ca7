import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, pgliteDirFor } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { queueEffortsBackfill } from '@/server/services/efforts/queue-efforts-backfill';
import { useDatabaseForTests as installDatabase } from '@/server/runtime';
import { useTestEnv as installTestEnv } from '@/server/testing/test-env';
import { closeWorkerPool } from '@/server/workers/pool';
import { benchEngines, printUptime, seedDatabase } from './seed';
import { withPrivatePostgres } from '../lib/private-postgres';

// The efforts backfill over 10,000 stored activities of one user (target: ≥ 50 activities/s on
// 2 cores, peak RSS ≤ 512 MB on the embedded engine):
//   npx tsx bench/progress/backfill.ts                 (PGlite, then PostgreSQL on BENCH_PG_URL)
//   ENGINES=pglite npx tsx bench/progress/backfill.ts  (one engine)
// Per engine the database is seeded (seed.ts) with every efforts version removed, then a fresh
// process opens it as a server would, queues the backfill as at start-up and drains it with the
// embedded runner: seconds, activities/s, RSS when opened and peak RSS (sampled every 50 ms).

const ACTIVITIES = Number(process.env.ACTIVITIES ?? 10_000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MB = 2 ** 20;

/** The child: opens the seeded database, runs the backfill, prints its row as JSON. */
async function measureBackfill(target: { databaseUrl?: string; pgliteDir?: string }): Promise<void> {
  installTestEnv();
  const database = await openDatabase(target);
  installDatabase(database);
  const opened = process.memoryUsage.rss();
  let peak = opened;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  try {
    const start = performance.now();
    await queueEffortsBackfill(database.db);
    await new EmbeddedRunner(database.db).drain();
    const seconds = (performance.now() - start) / 1000;
    const [{ n } = { n: 0 }] = await selectRows<{ n: number }>(database.db, sql`select count(*)::integer as n from activity_effort_versions`);
    console.log(
      JSON.stringify({
        engine: database.engine,
        activities: ACTIVITIES,
        seconds: +seconds.toFixed(1),
        'activities/s': Math.round(ACTIVITIES / seconds),
        'RSS opened MB': Math.round(opened / MB),
        'peak RSS MB': Math.round(peak / MB),
        versions: n,
      }),
    );
  } finally {
    clearInterval(sampler);
    await closeWorkerPool();
    await database.close();
  }
}

function inChild(target: { databaseUrl?: string; pgliteDir?: string }): Record<string, unknown> {
  const child = spawnSync(process.execPath, ['--import', 'tsx', process.argv[1]!], {
    env: { ...process.env, BACKFILL_TARGET: JSON.stringify(target) },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{')) throw new Error(`backfill child failed (${child.status}): ${child.stdout}`);
  return JSON.parse(line) as Record<string, unknown>;
}

async function main(): Promise<void> {
  if (process.env.BACKFILL_TARGET) return measureBackfill(JSON.parse(process.env.BACKFILL_TARGET) as { databaseUrl?: string; pgliteDir?: string });
  installTestEnv();
  printUptime();
  const engines = benchEngines();
  const rows = [];
  if (engines.includes('pglite')) {
    const target = { pgliteDir: pgliteDirFor(mkdtempSync(join(tmpdir(), 'stride-bench-backfill-'))) };
    await seedDatabase(target, ACTIVITIES, true);
    rows.push(inChild(target));
    console.table(rows);
  }
  if (engines.includes('postgres'))
    await withPrivatePostgres(PG_URL, 'stride_bench_progress', async (url) => {
      await seedDatabase({ databaseUrl: url }, ACTIVITIES, true);
      rows.push(inChild({ databaseUrl: url }));
    });
  console.table(rows);
  printUptime();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

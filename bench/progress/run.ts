import { users } from '@/db/schema';
import { getActivityBestEfforts } from '@/server/services/efforts/get-activity-best-efforts';
import { getRecords } from '@/server/services/efforts/get-records';
import { getStats } from '@/server/services/stats/get-stats';
import { getStatsSummary } from '@/server/services/stats/get-stats-summary';
import { useDatabaseForTests as installDatabase } from '@/server/runtime';
import { openTestDatabase } from '@/server/testing/test-database';
import { useTestEnv as installTestEnv } from '@/server/testing/test-env';
import { closeWorkerPool } from '@/server/workers/pool';
import { seedOpenDatabase } from './seed';

// Progress reads and the efforts backfill over 10,000 activities of one user (CONTRACT: Beyond the spec … Best efforts and records):
//   npx tsx bench/progress/run.ts [seconds per case, default 10]
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/progress/run.ts   (adds PostgreSQL)
//   ENGINES=postgres skips PGlite
// Per engine: ACTIVITIES activities over three years (seed.ts). Each read case runs CONNECTIONS callers
// in a loop for the given seconds, in process (service + database, no HTTP: the HTTP floor is
// bench/reads'; over HTTP: http.ts), and prints p50/p99. The backfill: backfill.ts.

const SECONDS = Number(process.argv[2] ?? 10);
const ACTIVITIES = Number(process.env.ACTIVITIES ?? 10_000);
const CONNECTIONS = 10;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function measure(name: string, call: () => Promise<unknown>): Promise<Record<string, string | number>> {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        await call();
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    case: name,
    calls: latencies.length,
    'calls/s': Math.round(latencies.length / SECONDS),
    'p50 ms': +percentile(latencies, 50).toFixed(1),
    'p99 ms': +percentile(latencies, 99).toFixed(1),
  };
}

async function runEngine(engine: 'pglite' | 'postgres'): Promise<void> {
  const database = await openTestDatabase(engine);
  installDatabase(database);
  const { db } = database;
  try {
    const [user] = await db.insert(users).values({ username: 'bench', timezone: 'Europe/Berlin' }).returning();
    const userId = user!.id;
    const seeded = performance.now();
    const templateId = await seedOpenDatabase(database, userId, ACTIVITIES);
    console.log(`[${engine}] seeded ${ACTIVITIES} activities in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    const rows = [
      await measure('stats week, 3 years', () => getStats(db, userId, { period: 'week', start_date: '2023-01-01', end_date: '2025-12-31' })),
      await measure('stats summary', () => getStatsSummary(db, userId)),
      await measure('records run', () => getRecords(db, userId, { type: 'run' })),
      await measure('records ride 2024', () => getRecords(db, userId, { type: 'ride', year: 2024 })),
      await measure('best efforts of the latest', async () => getActivityBestEfforts(db, userId, templateId + ACTIVITIES - 1)),
    ];
    console.table(rows.map((r) => ({ engine, ...r })));
  } finally {
    await closeWorkerPool();
    await database.close();
  }
}

installTestEnv();
const { execSync } = await import('node:child_process');
console.log(`uptime: ${execSync('uptime').toString().trim()}`);
const engines = (process.env.ENGINES ?? 'pglite,postgres').split(',');
if (engines.includes('pglite')) await runEngine('pglite');
if (process.env.TEST_DATABASE_URL && engines.includes('postgres')) await runEngine('postgres');
console.log(`uptime: ${execSync('uptime').toString().trim()}`);

import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, pgliteDirFor } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { selectRows } from '@/db/select-rows';
import { activities, users } from '@/db/schema';
import { FIGURES_ALGORITHM_VERSION } from '@/server/formats/figures-version';
import { REAL_HISTORY_DIR } from '@/server/formats/test-support/real-history';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { useDatabaseForTests as installDatabase } from '@/server/runtime';
import { queueFiguresBackfill } from '@/server/services/figures/queue-figures-backfill';
import { ingestActivities } from '@/server/services/ingestion/ingest-activities';
import { parseForIngestion } from '@/server/services/ingestion/parse-for-ingestion';
import { keepOriginalBytes } from '@/server/stored-files/originals';
import { useTestEnv as installTestEnv } from '@/server/testing/test-env';
import { closeWorkerPool } from '@/server/workers/pool';

// The figures backfill (FIGURES_ALGORITHM_VERSION bump) over an account of ACTIVITIES (3,000)
// stored activities: the files of ../shared/real-history (130 real people's files, 1.5 MB to a few
// KB) kept once each as originals and stored over and over, a day apart, then all marked as made by
// the version before. Times queueing at start-up and draining with the embedded runner, which
// re-parses every original in the worker pool and writes figures, laps, streams, efforts, loads,
// routes and tiles:
//   npx tsx bench/figures/backfill.ts                    (PGlite in a temp folder)
//   BENCH_PG_URL=postgres://… npx tsx bench/figures/backfill.ts

const ACTIVITIES = Number(process.env.ACTIVITIES ?? 3000);
const MB = 2 ** 20;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stride-bench-figures-'));
  installTestEnv({ DATA_DIR: dataDir });
  const target = process.env.BENCH_PG_URL ? { databaseUrl: process.env.BENCH_PG_URL } : { pgliteDir: pgliteDirFor(dataDir) };
  const database = await openDatabase(target);
  await runMigrations(database);
  installDatabase(database);
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({ username: `figures-bench-${Date.now()}` })
    .returning();
  const userId = user!.id;

  const names = readdirSync(join(REAL_HISTORY_DIR, 'files')).sort();
  const kept: { originalPath: string; name: string; parsed: Awaited<ReturnType<typeof parseForIngestion>>[number] }[] = [];
  for (const [i, name] of names.entries()) {
    const bytes = readFileSync(join(REAL_HISTORY_DIR, 'files', name));
    const originalPath = await keepOriginalBytes(userId, bytes, name, `bench-${i}`);
    const [parsed] = await parseForIngestion(new Uint8Array(bytes), name);
    kept.push({ originalPath, name, parsed: parsed! });
  }
  const seedStart = performance.now();
  const first = Date.UTC(2016, 0, 1, 7);
  for (let n = 0; n < ACTIVITIES; n += 50) {
    const batch = Array.from({ length: Math.min(50, ACTIVITIES - n) }, (_, i) => kept[(n + i) % kept.length]!);
    await ingestActivities(
      db,
      userId,
      batch.map((k, i) => ({ ...k.parsed, startTime: new Date(first + (n + i) * 86_400_000) })),
      { source: 'upload', overrides: batch.map((k) => ({ originalPath: k.originalPath, originalFilename: k.name })) },
      { awaitSubscribers: true },
    );
  }
  const seeded = (performance.now() - seedStart) / 1000;
  await db
    .update(activities)
    .set({ figuresVersion: FIGURES_ALGORITHM_VERSION - 1 })
    .where(eq(activities.userId, userId));

  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  const start = performance.now();
  const queued = await queueFiguresBackfill(db);
  await new EmbeddedRunner(db).drain();
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const [{ current } = { current: 0 }] = await selectRows<{ current: number }>(
    db,
    sql`select count(*)::integer as current from activities where user_id = ${userId} and figures_version = ${FIGURES_ALGORITHM_VERSION}`,
  );
  console.table([
    {
      engine: database.engine,
      activities: ACTIVITIES,
      files: kept.length,
      'seed s': +seeded.toFixed(1),
      jobs: queued.length,
      'backfill s': +seconds.toFixed(1),
      'activities/s': +(ACTIVITIES / seconds).toFixed(1),
      'peak RSS MB': Math.round(peak / MB),
      current,
    },
  ]);
  await closeWorkerPool();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

import { spawn } from 'node:child_process';
import { and, eq, like } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Database, Db } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import * as schema from '@/db/schema';
import { activities, users } from '@/db/schema';
import { useDatabaseForTests as installDatabase } from '@/server/runtime';
import { createUser } from '@/server/services/users/create-user';
import { ingestActivities } from '@/server/services/ingestion/ingest-activities';
import { prepareActivity } from '@/server/services/ingestion/prepare-activity';
import { closeWorkerPool } from '@/server/workers/pool';
import { BATCH, SCALE_DB, SCALE_PASSWORD, SCALE_PG_URL, scaleUrl } from './scale-db';
import { ACTIVITIES_PER_USER, syntheticActivity, syntheticUser } from './synthetic';

// Seeds the scale database (issue 55) with synthetic history (bench/scale/synthetic.ts):
//   npx tsx bench/scale/seed.ts [users, default 100] [activities per user, default 10000]
// SCALE_DB names the database (default stride_scale, created on SCALE_PG_URL's server if absent),
// SCALE_WORKERS the processes seeding at once (default 3, each one connection; users in order,
// each user's batches shared among the processes), BATCH the activities stored per transaction
// (25).
// Every activity goes through the service's one writer: prepareActivity (rounding, deflate, efforts,
// route, tiles, load inputs) and ingestActivities (the archive import's batched transaction, then
// the activity.created subscribers awaited), source "import". No original file is written.
// Resumable: each activity carries the dedup key scale:<user>:<index> (a batch commits whole), the
// same (user, index) always gives the same activity, and a run skips the keys already stored:
// stop it any time and run it again.
// Users are scale001…scale100, password SCALE_PASSWORD (scale-db.ts).

process.env.SECRET_KEY ??= 'scale-bench-secret-key-0123456789abcdef';
process.env.DATA_DIR ??= 'bench/output/scale-data';
process.env.LOG_LEVEL ??= 'warn';

/** PostgreSQL without the request deadline of openDatabase: a batch of long rides takes a while. */
function openScale(max = 1): Database {
  const url = scaleUrl();
  // a seed's commits need not wait for the disk (a crash loses the last batches, which a re-run
  // stores again): this session only, the server's setting is untouched
  const client = postgres(url, { max, onnotice: () => {}, connection: { synchronous_commit: 'off' } });
  return { db: drizzlePostgres({ client, schema }) as unknown as Db, engine: 'postgres', url, close: () => client.end({ timeout: 5 }) };
}

async function prepareDatabase(userCount: number): Promise<void> {
  const admin = postgres(SCALE_PG_URL, { max: 1, onnotice: () => {} });
  const [exists] = await admin`select 1 from pg_database where datname = ${SCALE_DB}`;
  if (!exists) await admin.unsafe(`create database "${SCALE_DB}"`);
  await admin.end({ timeout: 5 });
  const database = openScale();
  installDatabase(database);
  await runMigrations(database);
  for (let k = 1; k <= userCount; k++) {
    const u = syntheticUser(k);
    const [found] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, u.username));
    if (found) continue;
    const created = await createUser(database.db, { username: u.username, password: SCALE_PASSWORD, name: `Scale ${k}`, access_type: 'regular' });
    await database.db.update(users).set({ timezone: u.timezone, maxHeartRate: 185 }).where(eq(users.id, created.id));
  }
  await database.close();
}

/** The dedup key of activity `index` of user `k`: what a resumed run finds already stored. */
const keyOf = (k: number, index: number) => `scale:${k}:${index}`;

async function seedUser(db: Db, k: number, perUser: number, worker: number, workers: number): Promise<void> {
  const u = syntheticUser(k);
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, u.username));
  const userId = row!.id;
  const stored = new Set(
    (
      await db
        .select({ key: activities.dedupKey })
        .from(activities)
        .where(and(eq(activities.userId, userId), like(activities.dedupKey, `scale:${k}:%`)))
    ).map((r) => r.key),
  );
  const started = performance.now();
  let count = 0;
  let points = 0;
  // batch b is this worker's when b mod workers is its index: every worker helps with user 1 first
  for (let b = worker; b * BATCH < perUser; b += workers) {
    const indexes = Array.from({ length: Math.min(BATCH, perUser - b * BATCH) }, (_, i) => b * BATCH + i).filter((i) => !stored.has(keyOf(k, i)));
    if (!indexes.length) continue;
    const batch = [];
    for (const i of indexes) {
      const { activity } = await syntheticActivity(u, i);
      points += activity.streams.time.length;
      batch.push(prepareActivity(activity));
    }
    await ingestActivities(db, userId, batch, { source: 'import', overrides: indexes.map((i) => ({ dedupKey: keyOf(k, i) })) }, { awaitSubscribers: true });
    count += batch.length;
    if (count % (BATCH * 4) === 0) {
      const s = (performance.now() - started) / 1000;
      console.log(
        `[w${worker}] ${new Date().toISOString().slice(11, 19)} ${u.username} batch ${b}: ${count} stored by this worker, ${(count / s).toFixed(1)} activities/s, ${Math.round(points / count)} points each`,
      );
    }
  }
}

async function worker(index: number, workers: number, userCount: number, perUser: number): Promise<void> {
  const database = openScale();
  installDatabase(database);
  try {
    for (let k = 1; k <= userCount; k++) await seedUser(database.db, k, perUser, index, workers);
  } finally {
    await closeWorkerPool();
    await database.close();
  }
}

async function main(): Promise<void> {
  const [userArg, perUserArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const userCount = Number(userArg ?? 100);
  const perUser = Number(perUserArg ?? ACTIVITIES_PER_USER);
  const workerFlag = process.argv.find((a) => a.startsWith('--worker='));
  const workers = Number(process.env.SCALE_WORKERS ?? 3);
  if (workerFlag) return worker(Number(workerFlag.slice('--worker='.length)), workers, userCount, perUser);
  await prepareDatabase(userCount);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, String(userCount), String(perUser), `--worker=${w}`], { stdio: 'inherit' });
      return new Promise<void>((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker ${w} exited ${code}`)))));
    }),
  );
  console.log(`seeded ${userCount} users × ${perUser} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

// only when run, not when run.ts or storage.ts import its figures
if (process.argv[1]?.endsWith('seed.ts'))
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });

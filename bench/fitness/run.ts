import { execSync } from 'node:child_process';
import { mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Db } from '@/db/client';
import { pgliteDirFor } from '@/db/pglite-claim';
import { buildInto } from '../../scripts/next-build';
import { coldReadTimes } from '../lib/edit-activity';
import { withPrivatePostgres } from '../lib/private-postgres';
import { signInAdmin, startBenchServer, type BenchServer } from '../lib/server';

// GET /fitness and the recompute after a threshold change, for one user with ACTIVITIES (10,000)
// activities over five years, on the embedded default and on PostgreSQL:
//   npx tsx bench/fitness/run.ts [seconds per case, default 10]
// Builds once into .next-bench (BENCH_SKIP_BUILD=1 reuses it); per engine starts `npm start`
// (PostgreSQL: a private database on BENCH_PG_URL, created and dropped here), signs in as the
// admin and stores the activities by SQL with their load inputs as the parse worker measures them
// (half rides with NP, half runs with a heart-rate histogram), the server stopped meanwhile on
// PGlite (one process owns its files). Then:
//   recompute  POST /profile/thresholds, and the time until GET /fitness shows the new loads:
//              the load_recompute job's activities/s (target ≥ 100)
//   quiet      GET /fitness over the five years, CONNECTIONS (10) connections (target p99 ≤ 100 ms)
//   during     the same while a second threshold change is being recomputed (readers' p99 ≤ 1.5× quiet)
//   activity   GET /activities/{id} (the reads-during-uploads budget's reader), quiet and while a third
//              change is being recomputed
//   cold       GET /fitness right after an edit of one activity (a new version: nothing kept),
//              one connection, 20 times: what the first reader after a change waits
// Rate limits are off (RATE_LIMIT_ENABLED=false). The machine's load average is printed before
// and after: on a shared machine every figure is pessimistic.

const SECONDS = Number(process.argv[2] ?? 10);
const ACTIVITIES = Number(process.env.ACTIVITIES ?? 10_000);
const CONNECTIONS = 10;
const PORTBASE = Number(process.env.PORTBASE ?? 3370);
const DIST_DIR = process.env.BENCH_DIST_DIR ?? '.next-bench';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { username: 'admin', password: 'Bench-Admin-Pass-1' };
const END = '2025-12-31';
const START = '2021-01-01';
const SERVER_ENV = { RATE_LIMIT_ENABLED: 'false', STRIDE_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1' };

const signIn = (url: string) => signInAdmin(url, ADMIN);

/** activities stored per statement: one statement of 10,000 can pass the 5 s statement timeout on a busy machine */
const SEED_CHUNK = 1_000;

/** ACTIVITIES activities every ~4.4 h over five years, with load inputs and no load yet. */
async function seed(db: Db): Promise<void> {
  const every = sql.raw(`(interval '1 second' * ${Math.floor((1826 * 86400) / ACTIVITIES)})`);
  for (let from = 0; from < ACTIVITIES; from += SEED_CHUNK) await seedChunk(db, every, from, Math.min(ACTIVITIES, from + SEED_CHUNK) - 1);
  await db.execute(sql`analyze`);
}

async function seedChunk(db: Db, every: SQL, from: number, to: number): Promise<void> {
  await db.execute(sql`
    with copies as (
      insert into activities (user_id, name, activity_type, start_time, end_time, distance, total_elapsed_time, moving_time, source, has_streams)
      select (select id from users where username = ${ADMIN.username}), 'Bench ' || n, (array['ride','run'])[1 + n % 2],
        timestamptz '2021-01-01 07:00:00+00' + n * ${every}, timestamptz '2021-01-01 08:00:00+00' + n * ${every},
        20000, 3600, 3500, 'upload', false
      from generate_series(${sql.raw(String(from))}, ${sql.raw(String(to))}) as n
      returning id, activity_type)
    insert into activity_loads (activity_id, user_id, normalized_power, power_seconds, hr_seconds)
    select id, (select id from users where username = ${ADMIN.username}), case when activity_type = 'ride' then 180 + id % 60 end, case when activity_type = 'ride' then 3600 else 0 end,
      jsonb_build_array(jsonb_build_array(120 + id % 10, 900), jsonb_build_array(145.5, 1800), jsonb_build_array(165, 900))
    from copies`);
}

const fitnessUrl = (url: string) => `${url}/api/v1/fitness?start_date=${START}&end_date=${END}`;

async function lastCtl(url: string, token: string): Promise<number> {
  const res = await fetch(fitnessUrl(url), { headers: { authorization: `Bearer ${token}`, 'x-client-type': 'mobile' } });
  if (res.status !== 200) throw new Error(`fitness: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { ctl: number }[]).at(-1)!.ctl;
}

/** POSTs an entry and waits until the last day's CTL changes: the whole job, days included. */
async function recompute(url: string, token: string, ftp: number): Promise<number> {
  const before = await lastCtl(url, token);
  const started = performance.now();
  const res = await fetch(`${url}/api/v1/profile/thresholds`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'content-type': 'application/json' },
    body: JSON.stringify({ effective_from: '2020-01-01', max_hr: 190, resting_hr: 50, lthr: 165, ftp }),
  });
  if (res.status !== 201) throw new Error(`thresholds: ${res.status} ${await res.text()}`);
  while (Math.abs((await lastCtl(url, token)) - before) < 1e-9) {
    if (performance.now() - started > 600_000) throw new Error('recompute did not finish in 10 min');
    await new Promise((r) => setTimeout(r, 100));
  }
  return (performance.now() - started) / 1000;
}

function readLoad(url: string, token: string, target = fitnessUrl(url)) {
  return autocannon({
    url: target,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}`, 'x-client-type': 'mobile' },
  });
}

async function measureEngine(engine: string, start: () => Promise<BenchServer>, seedWith: (server: BenchServer) => Promise<BenchServer>) {
  let server = await start();
  try {
    await signIn(server.url); // the admin exists once signed in
    server = await seedWith(server);
    const token = await signIn(server.url);
    const first = await recompute(server.url, token, 250);
    await readLoad(server.url, token); // warm-up
    const quiet = await readLoad(server.url, token);
    const during = readLoad(server.url, token);
    const second = await recompute(server.url, token, 230);
    const busy = await during;
    const headers = { authorization: `Bearer ${token}`, 'x-client-type': 'mobile' };
    const listed = (await (await fetch(`${server.url}/api/v1/activities?page_size=1`, { headers })).json()) as { items: { id: number }[] };
    const activityUrl = `${server.url}/api/v1/activities/${listed.items[0]!.id}`;
    await readLoad(server.url, token, activityUrl); // warm-up
    const activityQuiet = await readLoad(server.url, token, activityUrl);
    const activityDuring = readLoad(server.url, token, activityUrl);
    await recompute(server.url, token, 240);
    const activityBusy = await activityDuring;
    const cold = await coldReadTimes(server.url, fitnessUrl(''), headers, listed.items[0]!.id, 20);
    const row = (name: string, r: autocannon.Result) => ({
      engine,
      case: name,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      non2xx: r.non2xx + r.errors,
    });
    console.table([
      row('GET /fitness 5 years, quiet', quiet),
      row('GET /fitness during a recompute', busy),
      row('GET /activities/{id}, quiet', activityQuiet),
      row('GET /activities/{id} during a recompute', activityBusy),
      { engine, case: 'GET /fitness 5 years, cold after an edit (1 connection)', 'p50 ms': Math.round(cold[10]!), 'p99 ms': Math.round(cold.at(-1)!) },
    ]);
    console.table([
      { engine, case: 'recompute (first thresholds)', activities: ACTIVITIES, seconds: +first.toFixed(1), 'activities/s': Math.round(ACTIVITIES / first) },
      { engine, case: 'recompute (under read load)', activities: ACTIVITIES, seconds: +second.toFixed(1), 'activities/s': Math.round(ACTIVITIES / second) },
    ]);
  } finally {
    await server.stop();
  }
}

console.log(`uptime: ${execSync('uptime').toString().trim()}`);
if (process.env.BENCH_SKIP_BUILD !== '1') await buildInto(process.cwd(), DIST_DIR);
// npm start rebuilds when a source is newer than the build: both engines run what was built
utimesSync(join(process.cwd(), DIST_DIR, 'BUILD_ID'), new Date(), new Date());

// PGlite: the server owns the files, so it is stopped while the bench writes them
const dataDir = mkdtempSync(join(tmpdir(), 'stride-bench-fitness-'));
await measureEngine(
  'pglite',
  () => startBenchServer(PORTBASE, { ...SERVER_ENV, DATA_DIR: dataDir }),
  async (server) => {
    await server.stop();
    // the server's process lets go of the files a moment after npm itself exits
    let database = null;
    for (let attempt = 0; !database; attempt++) {
      database = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) }).catch((error: unknown) => {
        if (attempt >= 60) throw error;
        return new Promise<null>((r) => setTimeout(() => r(null), 1000));
      });
    }
    await seed(database.db);
    await database.close();
    return startBenchServer(PORTBASE, { ...SERVER_ENV, DATA_DIR: dataDir });
  },
);

await withPrivatePostgres(PG_URL, 'stride_bench_fitness', (url) =>
  measureEngine(
    'postgres',
    () => startBenchServer(PORTBASE + 1, { ...SERVER_ENV, DATABASE_URL: url }),
    async (server) => {
      const database = await openDatabase({ databaseUrl: url });
      await seed(database.db);
      await database.close();
      return server;
    },
  ),
).catch((error: unknown) => console.log(`PostgreSQL at ${PG_URL}: ${error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : error}`));
console.log(`uptime: ${execSync('uptime').toString().trim()}`);

import { execSync } from 'node:child_process';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Db } from '@/db/client';
import * as schema from '@/db/schema';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { queueEffortsBackfill } from '@/server/services/efforts/queue-efforts-backfill';
import { queueRouteBackfills } from '@/server/services/routes/queue-route-backfills';
import { queueLoadBackfill } from '@/server/services/training-load/queue-load-backfill';
import { useDatabaseForTests as installDatabase } from '@/server/runtime';
import { closeWorkerPool } from '@/server/workers/pool';
import { buildInto } from '../../scripts/next-build';
import { groupCpuSeconds, startBenchServer } from '../lib/server';
import { SCALE_DB, SCALE_PASSWORD, scaleUrl } from './scale-db';
import { syntheticUser } from './synthetic';

// Reads and backfills at the scale database's size (issue 55), after bench/scale/seed.ts:
//   npx tsx bench/scale/run.ts [seconds per case and round, default 10]
// ROUNDS (default 2) rounds of every case, 10 connections (autocannon) against `npm start` on
// PORT (default 3131) with DATABASE_URL on the scale database (SCALE_DB, default stride_scale) and
// rate limits off, signed in as scale001 (the first user, 10,000 activities when fully seeded).
// The floor is bench/reads' (an unknown /api/v1 path: Next route + problem writer, no auth, no
// database), measured in every round beside the reads; each figure is the median of its rounds.
// Builds into .next-scale first (BENCH_SKIP_BUILD=1 reuses it). Then, the server stopped, the
// efforts, routes and load backfills of scale001's activities in this process (SKIP_BACKFILL=1 to
// leave them out, ONLY_BACKFILL=1 for them alone): that user's efforts versions, routes and loads are deleted, the start-up job is
// queued and drained by the embedded runner, and activities/s printed. Figures are written to
// bench/output/scale-run.json.

const SECONDS = Number(process.argv[2] ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const CONNECTIONS = 10;
const PORT = Number(process.env.PORT ?? 3131);
const DIST_DIR = process.env.BENCH_DIST_DIR ?? '.next-scale';
const USER = syntheticUser(1).username;

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  cpuMs: number;
  ok: number;
  other: number;
}

function openScale(): { db: Db; close: () => Promise<void> } {
  const client = postgres(scaleUrl(), { max: 2, onnotice: () => {} });
  return { db: drizzlePostgres({ client, schema }) as unknown as Db, close: () => client.end({ timeout: 5 }) };
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)) as unknown as T[];
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-client-type': 'mobile' },
    body: new URLSearchParams({ username: USER, password: SCALE_PASSWORD }).toString(),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Segments of scale001 to list: two made from its longest rides' first kilometres, once. */
async function ensureSegments(url: string, headers: Record<string, string>, db: Db, userId: number): Promise<number> {
  const [existing] = await rows<{ n: number }>(db, sql`select count(*)::int as n from segments where user_id = ${userId}`);
  if (existing!.n > 0) return existing!.n;
  const rides = await rows<{ id: number }>(
    db,
    sql`select id from activities where user_id = ${userId} and activity_type = 'ride' and start_lat is not null order by distance desc limit 2`,
  );
  for (const [k, ride] of rides.entries()) {
    const res = await fetch(`${url}/api/v1/segments`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ activity_id: ride.id, start_index: 300, end_index: 900, name: `Scale climb ${k + 1}` }),
    });
    if (res.status !== 201) console.log(`segment ${k + 1}: ${res.status} ${await res.text()}`);
  }
  return rides.length;
}

/** Waits (up to `seconds`) until no job is queued or running: segment matching, backfills at start. */
async function jobsSettled(db: Db, seconds: number): Promise<number> {
  let left = 0;
  for (let i = 0; i < seconds; i++) {
    left = (await rows<{ n: number }>(db, sql`select count(*)::int as n from jobs where status in ('queued', 'running')`))[0]!.n;
    if (left === 0) return 0;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return left;
}

async function measureReads(db: Db, userId: number): Promise<Record<string, string | number>[]> {
  utimesSync(join(process.cwd(), DIST_DIR, 'BUILD_ID'), new Date(), new Date());
  const server = await startBenchServer(PORT, {
    DATABASE_URL: scaleUrl(),
    RATE_LIMIT_ENABLED: 'false',
    STRIDE_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: '1',
  });
  try {
    const token = await signIn(server.url);
    const auth = { authorization: `Bearer ${token}`, 'x-client-type': 'mobile' };
    const segments = await ensureSegments(server.url, auth, db, userId);
    const pending = await jobsSettled(db, 300);
    console.log(`segments: ${segments}; jobs still queued or running before the reads: ${pending}`);
    const [one] = await rows<{ id: number; n: number }>(
      db,
      sql`select id, (select count(*)::int from activities where user_id = ${userId}) as n from activities
        where user_id = ${userId} and activity_type = 'ride' and start_lat is not null order by start_time desc limit 1`,
    );
    const deepPage = Math.max(1, Math.floor(one!.n / 20 / 2));
    const api = `${server.url}/api/v1`;
    const cases: [string, string, Record<string, string>][] = [
      ['floor (unknown /api/v1 path)', `${api}/no-such-endpoint`, {}],
      ['activities, first page', `${api}/activities?page_size=20`, auth],
      [`activities, page ${deepPage}`, `${api}/activities?page_size=20&page=${deepPage}`, auth],
      ['activities, rides 2019–2021', `${api}/activities?page_size=20&type=ride&start_date=2019-01-01&end_date=2021-12-31`, auth],
      ['one activity', `${api}/activities/${one!.id}`, auth],
      ['its streams', `${api}/activities/${one!.id}/streams`, auth],
      ['stats by week, ten years', `${api}/stats?period=week&start_date=2016-11-28&end_date=2026-11-28`, auth],
      ['calendar (a month)', `${api}/stats/calendar?month=2026-10`, auth],
      ['records (run)', `${api}/records?type=run`, auth],
      ['fitness (one year)', `${api}/fitness?start_date=2025-11-28&end_date=2026-11-28`, auth],
      ['routes (heatmap, all)', `${api}/activities/routes`, auth],
      ['curves (power, all time)', `${api}/curves?kind=power`, auth],
      ['performance model (ride)', `${api}/performance/model?type=ride&start_date=2016-11-28&end_date=2026-11-28`, auth],
      ['segments list', `${api}/segments`, auth],
    ];
    for (const [name, url, headers] of cases) {
      const res = await fetch(url, { headers });
      const body = await res.text();
      console.log(`${name}: ${res.status}, ${body.length} bytes`);
      await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }); // warm-up: JIT, caches, pages of PostgreSQL
    }
    const samples = cases.map(() => [] as Sample[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, [name, url, headers]] of cases.entries()) {
        const cpuBefore = groupCpuSeconds(server.process.pid!);
        const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
        const cpuMs = ((groupCpuSeconds(server.process.pid!) - cpuBefore) * 1000) / Math.max(1, r.requests.total);
        const ok = i === 0 ? r.non2xx : r['2xx'];
        samples[i]!.push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuMs, ok, other: r.requests.total - ok + r.errors });
        console.log(`round ${round + 1} ${name}: ${r.requests.average} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const floor = median(samples[0]!.map((x) => x.rps));
    const floorP99 = median(samples[0]!.map((x) => x.p99));
    await new Promise((r) => setTimeout(r, 2000));
    return cases.map(([name], i) => {
      const of = (key: keyof Sample) => median(samples[i]!.map((x) => x[key]));
      return {
        case: name,
        'req/s': Math.round(of('rps')),
        'p50 ms': of('p50'),
        'p99 ms': of('p99'),
        'x floor req/s': (of('rps') / floor).toFixed(2),
        'x floor p99': (of('p99') / floorP99).toFixed(2),
        'cpu ms/req': Number(of('cpuMs').toFixed(2)),
        ok: samples[i]!.reduce((n, x) => n + x.ok, 0),
        other: samples[i]!.reduce((n, x) => n + x.other, 0),
      };
    });
  } finally {
    await server.stop();
  }
}

/** One backfill of scale001's activities: what it recomputes deleted, its start-up job queued and drained here. */
async function backfill(db: Db, name: string, stale: ReturnType<typeof sql>, queue: (db: Db) => Promise<unknown>, userId: number, count: number) {
  await db.execute(stale);
  const started = performance.now();
  await queue(db);
  const jobs = await new EmbeddedRunner(db).drain();
  const seconds = (performance.now() - started) / 1000;
  console.log(`${name} backfill: ${count} activities in ${seconds.toFixed(1)} s (${jobs} jobs)`);
  return { backfill: name, activities: count, seconds: +seconds.toFixed(1), 'activities/s': Math.round(count / seconds), user: userId };
}

async function measureBackfills(userId: number): Promise<Record<string, string | number>[]> {
  process.env.SECRET_KEY ??= 'scale-bench-secret-key-0123456789abcdef';
  process.env.DATA_DIR ??= 'bench/output/scale-data';
  const client = postgres(scaleUrl(), { max: 1, onnotice: () => {} });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  installDatabase({ db, engine: 'postgres', url: scaleUrl(), close: () => client.end({ timeout: 5 }) });
  try {
    const n = (await rows<{ n: number }>(db, sql`select count(*)::int as n from activities where user_id = ${userId}`))[0]!.n;
    const ofUser = sql`(select id from activities where user_id = ${userId})`;
    return [
      await backfill(db, 'efforts', sql`delete from activity_effort_versions where activity_id in ${ofUser}`, queueEffortsBackfill, userId, n),
      await backfill(db, 'routes', sql`delete from activity_routes where activity_id in ${ofUser}`, queueRouteBackfills, userId, n),
      await backfill(db, 'load', sql`delete from activity_loads where user_id = ${userId}`, queueLoadBackfill, userId, n),
    ];
  } finally {
    await closeWorkerPool();
    await client.end({ timeout: 5 });
  }
}

async function main(): Promise<void> {
  const root = process.cwd();
  if (process.env.BENCH_SKIP_BUILD !== '1' && process.env.ONLY_BACKFILL !== '1') await buildInto(root, DIST_DIR);
  const { db, close } = openScale();
  const [user] = await rows<{ id: number }>(db, sql`select id from users where username = ${USER}`);
  const [size] = await rows<{ activities: number; users: number; bytes: string }>(
    db,
    sql`select (select count(*)::int from activities) as activities, (select count(distinct user_id)::int from activities) as users, pg_database_size(${SCALE_DB})::text as bytes`,
  );
  const [mine] = await rows<{ n: number }>(db, sql`select count(*)::int as n from activities where user_id = ${user!.id}`);
  console.log(`uptime: ${execSync('uptime').toString().trim()}`);
  console.log(`${SCALE_DB}: ${size!.activities} activities of ${size!.users} users, ${(Number(size!.bytes) / 1e9).toFixed(2)} GB; ${USER} holds ${mine!.n}`);
  const reads = process.env.ONLY_BACKFILL === '1' ? [] : await measureReads(db, user!.id);
  await close();
  if (reads.length) console.log(`\n${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${SECONDS} s per case, rate limits off`);
  if (reads.length) console.table(reads);
  const backfills = process.env.SKIP_BACKFILL === '1' ? [] : await measureBackfills(user!.id);
  if (backfills.length) console.table(backfills);
  console.log(`uptime: ${execSync('uptime').toString().trim()}`);
  const out = resolve(root, 'bench/output');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, process.env.ONLY_BACKFILL === '1' ? 'scale-backfills.json' : 'scale-run.json'),
    JSON.stringify({ at: new Date().toISOString(), size, user: mine, reads, backfills }, null, 2),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

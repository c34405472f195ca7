import { mkdirSync, rmSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { buildInto } from '../../scripts/next-build';
import { groupCpuSeconds, signInAdmin, startBenchServer, type BenchServer } from '../lib/server';
import { largestProfile, summarizeProfile } from './profile-summary';

// Authenticated reads against the framework floor, on the embedded default and on PostgreSQL, in
// one run:
//   npx tsx bench/reads/run.ts [seconds per case and round, default 10]   (ROUNDS=3 rounds)
// Builds once into .next-bench (BENCH_SKIP_BUILD=1 reuses it), then per engine starts `npm start`
// (PostgreSQL: a private database on BENCH_PG_URL, created and dropped here), signs in, uploads
// ACTIVITIES small GPX runs and measures with 50 connections:
//   floor  an unknown /api/v1 path (Next route + problem writer, no auth, no database)
//   get    GET /activities/{id} (JWT + session + row + ETag)
//   list   GET /activities?page_size=20
// KEPT=1 adds the kept reads (server/services/*/reads.ts): statistics, summary, dashboard,
// calendar, records, recent records, fitness, curves, the performance model and the explorer.
// Rate limits are off (RATE_LIMIT_ENABLED=false): one session would hit the DEFAULT tier's
// 120/min at once. PROFILE=1 runs each server under --cpu-prof and prints the flame's summary.
// Besides req/s and latency it prints the server's CPU time per request (from /proc): on a
// machine shared with other work, throughput swings with the neighbours' load, CPU per request
// much less, and its ratio to the floor's is what throughput would show on an idle machine.

const SECONDS = Number(process.argv[2] ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = 50;
const ACTIVITIES = 30;
const PORTBASE = Number(process.env.PORTBASE ?? 3360);
const DIST_DIR = process.env.BENCH_DIST_DIR ?? '.next-bench';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROFILE = process.env.PROFILE === '1';
const KEPT = process.env.KEPT === '1';
const ADMIN = { username: 'admin', password: 'Bench-Admin-Pass-1' };

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  cpuMs: number;
  ok: number;
  other: number;
}

interface Row {
  engine: string;
  case: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'x floor': string;
  'cpu ms/req': number;
  'x floor (cpu)': string;
  ok: number;
  other: number;
}

/** A run of a few hundred metres whose start is `n` hours after a fixed day: distinct activities. */
function gpxRun(n: number): string {
  const start = Date.parse('2026-01-01T06:00:00Z') + n * 3_600_000;
  const points = Array.from({ length: 120 }, (_, i) => {
    const time = new Date(start + i * 5000).toISOString();
    return `<trkpt lat="${(52.5 + i * 0.0001).toFixed(6)}" lon="${(13.4 + i * 0.00005).toFixed(6)}"><ele>${40 + (i % 7)}</ele><time>${time}</time></trkpt>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="stride-bench" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Bench run ${n}</name><type>running</type><trkseg>${points.join('')}</trkseg></trk></gpx>`;
}

async function uploadRuns(url: string, token: string): Promise<number> {
  let id = 0;
  for (let n = 0; n < ACTIVITIES; n++) {
    const form = new FormData();
    form.append('file', new Blob([gpxRun(n)]), `run-${n}.gpx`);
    const res = await fetch(`${url}/api/v1/activities/create/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    id = ((await res.json()) as { id: number }[])[0]!.id;
  }
  return id;
}

/** The kept reads, each on the day range of the uploaded runs. */
function keptCases(): [string, string][] {
  const range = 'start_date=2026-01-01&end_date=2026-01-31';
  return [
    ['GET /stats', `/api/v1/stats?period=week&${range}`],
    ['GET /stats/summary', '/api/v1/stats/summary'],
    ['GET /stats/dashboard', '/api/v1/stats/dashboard'],
    ['GET /stats/calendar', '/api/v1/stats/calendar?month=2026-01'],
    ['GET /records', '/api/v1/records?type=run'],
    ['GET /records/recent', '/api/v1/records/recent'],
    ['GET /fitness', `/api/v1/fitness?${range}`],
    ['GET /curves', `/api/v1/curves?kind=pace&${range}`],
    ['GET /performance/model', `/api/v1/performance/model?type=run&${range}`],
    ['GET /explorer/summary', '/api/v1/explorer/summary?zoom=14'],
  ];
}

function load(url: string, headers: Record<string, string>, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration, headers });
}

async function measureEngine(engine: string, port: number, extraEnv: Record<string, string>, profileDir: string): Promise<Row[]> {
  if (PROFILE) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
  }
  // npm start rebuilds when a source is newer than the build: whatever was edited since, both
  // engines run what was built (the PostgreSQL one once measured a rebuild of later edits)
  utimesSync(join(process.cwd(), DIST_DIR, 'BUILD_ID'), new Date(), new Date());
  const server: BenchServer = await startBenchServer(
    port,
    {
      RATE_LIMIT_ENABLED: 'false',
      STRIDE_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: '1',
      ...extraEnv,
    },
    PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  try {
    const token = await signInAdmin(server.url, ADMIN);
    const id = await uploadRuns(server.url, token);
    const auth = { authorization: `Bearer ${token}`, 'x-client-type': 'mobile' };
    const cases: [string, string, Record<string, string>][] = [
      ['floor (unknown /api/v1 path)', `${server.url}/api/v1/no-such-endpoint`, {}],
      ['GET /activities/{id}', `${server.url}/api/v1/activities/${id}`, auth],
      ['GET /activities?page_size=20', `${server.url}/api/v1/activities?page_size=20`, auth],
      ...(KEPT ? keptCases().map(([name, path]): [string, string, Record<string, string>] => [name, `${server.url}${path}`, auth]) : []),
    ];
    for (const [, url, headers] of cases) await load(url, headers, 3); // warm-up: JIT and caches
    // ROUNDS rounds of floor, get, list one after another; each figure is the median of its
    // rounds, so a neighbour's burst skews one round of one case, not the comparison
    const samples = cases.map(() => [] as Sample[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, [, url, headers]] of cases.entries()) {
        const cpuBefore = groupCpuSeconds(server.process.pid!);
        const r = await load(url, headers, SECONDS);
        const cpuMs = ((groupCpuSeconds(server.process.pid!) - cpuBefore) * 1000) / Math.max(1, r.requests.total);
        const expected = i === 0 ? r.non2xx : r['2xx'];
        samples[i]!.push({
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          cpuMs,
          ok: expected,
          other: r.requests.total - expected + r.errors,
        });
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const floor = median(samples[0]!.map((x) => x.rps));
    const floorCpu = median(samples[0]!.map((x) => x.cpuMs));
    const rows: Row[] = cases.map(([name], i) => {
      const of = (key: keyof Sample) => median(samples[i]!.map((x) => x[key]));
      return {
        engine,
        case: name,
        'req/s': Math.round(of('rps')),
        'p50 ms': of('p50'),
        'p99 ms': of('p99'),
        'x floor': (of('rps') / floor).toFixed(2),
        'cpu ms/req': Number(of('cpuMs').toFixed(2)),
        'x floor (cpu)': (floorCpu / of('cpuMs')).toFixed(2),
        ok: samples[i]!.reduce((n, x) => n + x.ok, 0),
        other: samples[i]!.reduce((n, x) => n + x.other, 0),
      };
    });
    // requests still queued in the server finish before it closes its database
    await new Promise((r) => setTimeout(r, 3000));
    return rows;
  } finally {
    await server.stop();
  }
}

async function withPrivateDatabase<T>(work: (url: string) => Promise<T>): Promise<T | null> {
  const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  const name = `stride_bench_reads_${process.pid}`;
  try {
    await admin.unsafe(`create database "${name}"`);
  } catch (error) {
    console.log(`PostgreSQL at ${PG_URL} not usable (${error instanceof Error ? error.message : error}): skipped`);
    await admin.end({ timeout: 5 });
    return null;
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  }
}

function printProfile(engine: string, dir: string): void {
  const file = largestProfile(dir);
  if (!file) return console.log(`${engine}: no profile written`);
  const summary = summarizeProfile(file);
  console.log(`\n${engine}: CPU profile ${file} (${summary.totalMs} ms sampled, ${summary.idleMs} ms idle)`);
  console.table(summary.byOrigin);
  console.table(summary.top);
}

async function main(): Promise<void> {
  const root = process.cwd();
  // BENCH_SKIP_BUILD=1 reuses the build as it is
  if (process.env.BENCH_SKIP_BUILD !== '1') await buildInto(root, DIST_DIR);
  const outDir = resolve(root, 'bench/output');
  const pgliteDir = join(outDir, 'reads-profile-pglite');
  const postgresDir = join(outDir, 'reads-profile-postgres');
  const rows = await measureEngine('pglite', PORTBASE + 1, {}, pgliteDir);
  const pgRows = await withPrivateDatabase((url) => measureEngine('postgres', PORTBASE + 2, { DATABASE_URL: url }, postgresDir));
  console.log(`\n${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${SECONDS} s per case, rate limits off`);
  console.table([...rows, ...(pgRows ?? [])]);
  if (PROFILE) {
    printProfile('pglite', pgliteDir);
    if (pgRows) printProfile('postgres', postgresDir);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

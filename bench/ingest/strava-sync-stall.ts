import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import { setEnvForTests } from '../../server/env';
import { EmbeddedRunner } from '../../server/jobs/embedded-runner';
import { startStravaSync } from '../../server/services/strava/start-strava-sync';
import { linkStravaThroughDouble, userWithToken } from '../../server/testing/strava-double/start-strava-double';
import { openTestDatabase } from '../../server/testing/test-database';
import { closeWorkerPool } from '../../server/workers/pool';

// What syncing one long Strava activity costs every other request of the process. The
// provider_sync job runs here (embedded runner; PGlite in memory, or PostgreSQL with
// BENCH_ENGINE=postgres and TEST_DATABASE_URL) against the Strava double in a child process, and
// monitorEventLoopDelay records this event loop's delays while each job runs (fetch, prepare,
// store, subscribers). The first sync is a warm-up (worker start, JIT) and is not counted.
//   npx tsx bench/ingest/strava-sync-stall.ts [runs, default 9] [points per activity, default 30000]
// Prints per run the loop delay max and p99, the main thread's CPU and run-queue time and the
// job's wall time, then the medians; next to each, the same over 200 ms of doing nothing.

const runs = Number(process.argv[2] ?? 9);
const points = Number(process.argv[3] ?? 30_000);

const child = spawn(process.execPath, ['--import', 'tsx', 'bench/ingest/strava-double-process.ts', String(runs + 1), String(points)], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
// the double must not outlive a failed run (it holds our stderr open)
process.on('exit', () => child.kill());
const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
const { url, starts } = JSON.parse(line) as { url: string; starts: string[] };

setEnvForTests({
  SECRET_KEY: 'bench-secret-key-0123456789abcdef-0123',
  DATABASE_URL: undefined,
  STRAVA_CLIENT_ID: '4242',
  STRAVA_CLIENT_SECRET: 'double-client-secret',
  STRAVA_API_BASE_URL: `${url}/api/v3`,
  STRAVA_OAUTH_BASE_URL: url,
  PUBLIC_URL: 'http://127.0.0.1:3000',
  RATE_LIMIT_ENABLED: 'false',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'stride-strava-stall-')),
});
// PostgreSQL: a database of its own under TEST_DATABASE_URL, dropped at the end
const database = await openTestDatabase(process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'pglite');
const db = database.db;
const user = await userWithToken(db, `stall${Date.now().toString(36)}`);
const linked = await linkStravaThroughDouble(db, user.userId);
if (!linked.linked) throw new Error(`link failed: ${linked.reason}`);

interface Figures {
  maxMs: number;
  p99Ms: number;
  /** CPU time of this (the main) thread, and its time ready to run but waiting for a core */
  cpuMs: number;
  queuedMs: number;
  wallMs: number;
}

// On a shared machine the loop's delays include the time the OS gives our thread no core; the
// thread's own CPU time (Linux schedstat: on-CPU ns, run-queue ns) tells the two apart.
const SCHEDSTAT = `/proc/${process.pid}/task/${process.pid}/schedstat`;
function mainThreadNs(): [number, number] {
  if (!existsSync(SCHEDSTAT)) return [NaN, NaN];
  const [onCpu, queued] = readFileSync(SCHEDSTAT, 'utf8').split(' ').map(Number);
  return [onCpu!, queued!];
}

/** Loop delay and main-thread time while `work` runs. */
async function measured(work: () => Promise<void>): Promise<Figures> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const [cpu, queued] = mainThreadNs();
  const t = performance.now();
  histogram.enable();
  await work();
  histogram.disable();
  const wallMs = performance.now() - t;
  const [cpuAfter, queuedAfter] = mainThreadNs();
  return { maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, cpuMs: (cpuAfter - cpu) / 1e6, queuedMs: (queuedAfter - queued) / 1e6, wallMs };
}

async function syncDay(start: string): Promise<Figures> {
  const day = start.slice(0, 10);
  let jobId = '';
  const figures = await measured(async () => {
    jobId = (await startStravaSync(db, user.userId, { start_date: day, end_date: day })).job_id;
    await new EmbeddedRunner(db).drain();
  });
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (job!.status !== 'succeeded' || job!.progress.created !== 1)
    throw new Error(`sync of ${day}: ${job!.status} ${JSON.stringify(job!.progress)} ${JSON.stringify(job!.errors)}`);
  return figures;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const show = (f: Figures) =>
  `loop delay max ${f.maxMs.toFixed(1)} ms, p99 ${f.p99Ms.toFixed(1)} ms; main thread CPU ${f.cpuMs.toFixed(0)} ms, waiting for a core ${f.queuedMs.toFixed(0)} ms; wall ${f.wallMs.toFixed(0)} ms`;
const medians = (all: Figures[]): Figures => ({
  maxMs: median(all.map((f) => f.maxMs)),
  p99Ms: median(all.map((f) => f.p99Ms)),
  cpuMs: median(all.map((f) => f.cpuMs)),
  queuedMs: median(all.map((f) => f.queuedMs)),
  wallMs: median(all.map((f) => f.wallMs)),
});
await syncDay(starts[0]!);
const synced: Figures[] = [];
const idle: Figures[] = [];
for (const start of starts.slice(1)) {
  // the same wait with nothing to do: what the machine's other load alone does to the loop
  idle.push(await measured(() => new Promise((resolve) => setTimeout(resolve, 200))));
  synced.push(await syncDay(start));
  console.log(`run ${synced.length}: ${show(synced.at(-1)!)} (idle: ${show(idle.at(-1)!)})`);
}
console.log(
  `[strava sync stall] ${points} samples × 9 channels, ${database.engine}: median of ${runs} runs — syncing: ${show(medians(synced))}; idle: ${show(medians(idle))}`,
);
child.kill();
await closeWorkerPool();
await database.close();

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import { setEnvForTests } from '../../server/env';
import { EmbeddedRunner } from '../../server/jobs/embedded-runner';
import { completeStravaLink } from '../../server/services/strava/complete-strava-link';
import { createStravaLinkUrl } from '../../server/services/strava/create-strava-link-url';
import { startStravaSync } from '../../server/services/strava/start-strava-sync';
import { userWithToken } from '../../server/testing/strava-double/start-strava-double';
import { openTestDatabase } from '../../server/testing/test-database';
import { closeWorkerPool } from '../../server/workers/pool';

// Issue 15: what syncing one long Strava activity costs every other request of the process. The
// provider_sync job runs here (embedded runner; PGlite in memory, or PostgreSQL with
// BENCH_ENGINE=postgres and TEST_DATABASE_URL) against the Strava double in a child process, and
// monitorEventLoopDelay records this event loop's delays while each job runs (fetch, prepare,
// store, subscribers). The first sync is a warm-up (worker start, JIT) and is not counted.
//   npx tsx bench/ingest/strava-sync-stall.ts [runs, default 9] [points per activity, default 30000]
// Prints per run the loop delay max and p99 and the job's wall time, then the medians.

const runs = Number(process.argv[2] ?? 9);
const points = Number(process.argv[3] ?? 30_000);

const child = spawn(process.execPath, ['--import', 'tsx', 'bench/ingest/strava-double-process.ts', String(runs + 1), String(points)], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
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
const consent = await fetch(await createStravaLinkUrl(db, user.userId), { redirect: 'manual' });
const linked = await completeStravaLink(db, Object.fromEntries(new URL(consent.headers.get('location')!).searchParams));
if (!linked.linked) throw new Error(`link failed: ${linked.reason}`);

async function syncDay(start: string): Promise<{ maxMs: number; p99Ms: number; wallMs: number }> {
  const day = start.slice(0, 10);
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const t = performance.now();
  histogram.enable();
  const { job_id } = await startStravaSync(db, user.userId, { start_date: day, end_date: day });
  await new EmbeddedRunner(db).drain();
  histogram.disable();
  const wallMs = performance.now() - t;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, job_id));
  if (job!.status !== 'succeeded' || job!.progress.created !== 1)
    throw new Error(`sync of ${day}: ${job!.status} ${JSON.stringify(job!.progress)} ${JSON.stringify(job!.errors)}`);
  return { maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, wallMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
await syncDay(starts[0]!);
const results = [];
for (const start of starts.slice(1)) {
  const r = await syncDay(start);
  results.push(r);
  console.log(`run ${results.length}: loop delay max ${r.maxMs.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms; job ${r.wallMs.toFixed(0)} ms`);
}
console.log(
  `[strava sync stall] ${points} samples × 9 channels, ${database.engine}: median of ${runs} runs — loop delay max ${median(results.map((r) => r.maxMs)).toFixed(1)} ms, ` +
    `p99 ${median(results.map((r) => r.p99Ms)).toFixed(1)} ms; job wall time ${median(results.map((r) => r.wallMs)).toFixed(0)} ms`,
);
child.kill();
await closeWorkerPool();
await database.close();

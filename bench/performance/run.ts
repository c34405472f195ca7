import * as curvesRoute from '@/app/api/v1/curves/route';
import * as modelRoute from '@/app/api/v1/performance/model/route';
import { getCurves } from '@/server/services/performance/get-curves';
import { getPerformanceModel } from '@/server/services/performance/get-performance-model';
import { useDatabaseForTests as installDatabase } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase } from '@/server/testing/test-database';
import { useTestEnv as installTestEnv } from '@/server/testing/test-env';
import { closeWorkerPool } from '@/server/workers/pool';
import { benchEngines, printUptime, seedOpenDatabase } from '../progress/seed';

// GET /curves and GET /performance/model over 10,000 activities of one user (issue 52; goal p99 ≤ 100 ms):
//   npx tsx bench/performance/run.ts [seconds per case, default 10]
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/performance/run.ts   (adds PostgreSQL)
//   ENGINES=postgres skips PGlite; CONNECTIONS=1 times one caller at a time (default 10)
// The progress benches' data (bench/progress/seed.ts: runs, rides, trail runs and walks every 2.6 h
// over 2023–2025, every kind of effort). Each case runs CONNECTIONS callers in a loop, in process
// and prints p50/p99 and the process's CPU time per call (on a shared machine latency follows the
// neighbours' load, CPU per call much less; PGlite runs in this process, so it is all counted).
// "service" cases call the read itself (what the first reader after an upload or edit waits);
// "GET" cases call the route handler with a bearer token (no HTTP server: its floor is
// bench/reads'), which answers from what is kept under the user's version of their activities.

const SECONDS = Number(process.argv[2] ?? 10);
const ACTIVITIES = Number(process.env.ACTIVITIES ?? 10_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function measure(name: string, call: () => Promise<unknown>): Promise<Record<string, string | number>> {
  const latencies: number[] = [];
  await call();
  const cpu = process.cpuUsage();
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
  const { user, system } = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  return {
    case: name,
    calls: latencies.length,
    'calls/s': Math.round(latencies.length / SECONDS),
    'p50 ms': +percentile(latencies, 50).toFixed(1),
    'p99 ms': +percentile(latencies, 99).toFixed(1),
    'cpu ms/call': +((user + system) / 1000 / latencies.length).toFixed(2),
  };
}

async function runEngine(engine: 'pglite' | 'postgres'): Promise<void> {
  const database = await openTestDatabase(engine);
  installDatabase(database);
  const { db } = database;
  try {
    const { userId, token } = await signedInUser(db, 'bench');
    let peer = 0;
    const get = async (route: typeof curvesRoute | typeof modelRoute, path: string) => {
      const headers = { authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'x-stride-peer': `10.6.0.${(peer += 1) % 250}` };
      const res = await route.GET(new Request(`http://127.0.0.1:3000/api/v1${path}`, { headers }), { params: Promise.resolve({}) });
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      await res.text();
    };
    const seeded = performance.now();
    await seedOpenDatabase(database, userId, ACTIVITIES);
    console.log(`[${engine}] seeded ${ACTIVITIES} activities in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const season = { start_date: '2025-01-01', end_date: '2025-12-31' };
    const rows = [
      await measure('GET /curves?kind=power', () => get(curvesRoute, '/curves?kind=power')),
      await measure('GET /curves?kind=gap_pace, 2025', () => get(curvesRoute, '/curves?kind=gap_pace&start_date=2025-01-01&end_date=2025-12-31')),
      await measure('GET /performance/model?type=ride', () => get(modelRoute, '/performance/model?type=ride&start_date=2025-06-01&end_date=2025-08-29')),
      await measure('GET /performance/model?type=run', () => get(modelRoute, '/performance/model?type=run')),
      await measure('service curves power, all time', () => getCurves(db, userId, { kind: 'power' })),
      await measure('service curves power, ride 2025', () => getCurves(db, userId, { kind: 'power', type: 'ride', ...season })),
      await measure('service curves pace, run 2024', () => getCurves(db, userId, { kind: 'pace', start_date: '2024-01-01', end_date: '2024-12-31' })),
      await measure('service curves gap_pace, run 2025', () => getCurves(db, userId, { kind: 'gap_pace', ...season })),
      await measure('service curves hr, all time', () => getCurves(db, userId, { kind: 'hr' })),
      await measure('service model ride, 90 days', () => getPerformanceModel(db, userId, { type: 'ride', start_date: '2025-06-01', end_date: '2025-08-29' })),
      await measure('service model run, 90 days', () => getPerformanceModel(db, userId, { type: 'run', start_date: '2025-06-01', end_date: '2025-08-29' })),
      await measure('service model run, 3 years', () => getPerformanceModel(db, userId, { type: 'run', start_date: '2023-01-01', end_date: '2025-12-31' })),
    ];
    console.table(rows.map((r) => ({ engine, connections: CONNECTIONS, ...r })));
  } finally {
    await closeWorkerPool();
    await database.close();
  }
}

installTestEnv();
printUptime();
const engines = benchEngines();
if (engines.includes('pglite')) await runEngine('pglite');
if (process.env.TEST_DATABASE_URL && engines.includes('postgres')) await runEngine('postgres');
printUptime();

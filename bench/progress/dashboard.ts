import { mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright';
import { pgliteDirFor } from '@/db/client';
import { useTestEnv as installTestEnv } from '@/server/testing/test-env';
import { buildInto } from '../../scripts/next-build';
import { signInAdmin, startBenchServer } from '../lib/server';
import { BENCH_ADMIN, benchEngines, firstStartEndingNow, printUptime, seedDatabase } from './seed';
import { editActivityName } from '../lib/edit-activity';
import { withPrivatePostgres } from '../lib/private-postgres';

// The dashboard (the signed-in home) of a user with 10,000 activities over three years ending now,
// interactive in Chromium, on each engine:
//   npx tsx bench/progress/dashboard.ts
// Builds once into .next-bench (BENCH_SKIP_BUILD=1 reuses it); per engine seeds the database
// (seed.ts), starts `npm start` on it, signs in through the sign-in page, then opens /dashboard
// RUNS (10) times after one untimed visit: "warm" as it is, and "cold" right after an edit of one
// activity over REST (it raises the version, so the server reads every figure again). Timed on the
// browser's clock from navigation start until every section holds its data (summary cards,
// 12 weeks by sport, recent records, this month's calendar: no placeholder left, checked on every
// animation frame), plus domInteractive (the page takes input). Target: ≤ 1 s.
// ENGINES=pglite or ENGINES=postgres runs one engine.

const ACTIVITIES = Number(process.env.ACTIVITIES ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 10);
const PORT = Number(process.env.PORT ?? 3106);
const DIST_DIR = process.env.BENCH_DIST_DIR ?? '.next-bench';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Opens /dashboard and returns [every section loaded, domInteractive] in ms since navigation start. */
async function openDashboard(page: Page): Promise<[number, number]> {
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await page.waitForFunction(
    () => {
      const dashboard = document.querySelector('.dashboard');
      if (!dashboard || dashboard.querySelector('.skeleton, .skeleton-block')) return false;
      if (!dashboard.querySelector('[data-testid=recent-records] li, [data-testid=recent-records] .muted')) return false;
      performance.mark('bench:dashboard-loaded');
      return true;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return page.evaluate(() => [
    Math.round(performance.getEntriesByName('bench:dashboard-loaded').at(-1)!.startTime),
    Math.round((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive),
  ]);
}

async function measure(engine: string, env: Record<string, string>): Promise<Record<string, string | number>[]> {
  utimesSync(join(process.cwd(), DIST_DIR, 'BUILD_ID'), new Date(), new Date());
  const server = await startBenchServer(PORT, {
    RATE_LIMIT_ENABLED: 'false',
    STRIDE_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: '1',
    MAP_TILE_URL: 'none',
    ...env,
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const headers = { authorization: `Bearer ${await signInAdmin(server.url, BENCH_ADMIN)}`, 'x-client-type': 'mobile' };
    const listed = (await (await fetch(`${server.url}/api/v1/activities?page_size=1`, { headers })).json()) as { items: { id: number }[] };
    const id = listed.items[0]!.id;
    const page = await browser.newPage({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await page.goto('/sign-in');
    await page.getByLabel('Username or e-mail').fill(BENCH_ADMIN.username);
    await page.getByLabel('Password').fill(BENCH_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/(dashboard|activities)/);
    await openDashboard(page);
    const runs: Record<'warm' | 'cold', [number, number][]> = { warm: [], cold: [] };
    for (let run = 0; run < RUNS; run++) {
      runs.warm.push(await openDashboard(page));
      await editActivityName(server.url, headers, id, `Edited ${run}`);
      runs.cold.push(await openDashboard(page));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return (['warm', 'cold'] as const).map((kind) => ({
      engine,
      visit: kind,
      'loaded p50 ms': median(runs[kind].map(([loaded]) => loaded)),
      'loaded max ms': Math.max(...runs[kind].map(([loaded]) => loaded)),
      'domInteractive p50 ms': median(runs[kind].map(([, interactive]) => interactive)),
    }));
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function main(): Promise<void> {
  installTestEnv();
  if (process.env.BENCH_SKIP_BUILD !== '1') await buildInto(process.cwd(), DIST_DIR);
  printUptime();
  const engines = benchEngines();
  const rows = [];
  const firstStart = firstStartEndingNow(ACTIVITIES);
  if (engines.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'stride-bench-dashboard-'));
    await seedDatabase({ pgliteDir: pgliteDirFor(dataDir) }, ACTIVITIES, false, firstStart);
    rows.push(...(await measure('pglite', { DATA_DIR: dataDir })));
  }
  if (engines.includes('postgres')) {
    await withPrivatePostgres(PG_URL, 'stride_bench_dashboard', async (url) => {
      await seedDatabase({ databaseUrl: url }, ACTIVITIES, false, firstStart);
      rows.push(...(await measure('postgres', { DATABASE_URL: url })));
    });
  }
  console.log(`\n/dashboard in Chromium, ${ACTIVITIES} activities ending now, ${RUNS} visits each (median and slowest), from navigation start`);
  console.table(rows);
  printUptime();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { chromium } from 'playwright';
import postgres from 'postgres';
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { users } from '../../db/schema';
import { startBenchServer } from '../lib/server';
import { storeSyntheticRides } from './synthetic-ride';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: the heatmap page draws 10,000 routes interactive ≤ 2 s in Chromium. A server on a
// PostgreSQL database of its own (TEST_DATABASE_URL names the server to create it on) holds
// 10,000 one-hour rides of the admin; Chromium signs in, opens /heatmap RUNS times and reports when
// the page marked `stride:heatmap-ready` (routes fetched, decoded, drawn; the map takes input),
// from navigation start. Reuses a build: STRIDE_DIST_DIR=.next-e2e after a browser-suite run.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/maps/heatmap.ts

const ACTIVITIES = Number(process.env.ACTIVITIES ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3421);
const ADMIN = { username: 'admin', password: 'Bench-Admin-Pass-1' };

async function seed(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url });
  const { db } = database;
  const [admin] = await db.select().from(users);
  await storeSyntheticRides(db, admin!.id, ACTIVITIES);
  await database.close();
}

async function main(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('set TEST_DATABASE_URL (a PostgreSQL server to create the bench database on)');
  const name = `stride_bench_heatmap_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const migrated = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(migrated);
  await migrated.close();
  const server = await startBenchServer(PORT, { DATABASE_URL: url.toString(), MAP_TILE_URL: 'none' });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    await seed(url.toString());
    const page = await browser.newPage({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await page.goto('/sign-in');
    await page.getByLabel('Username or e-mail').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/activities/);
    const times: [number, number][] = [];
    for (let run = 0; run <= RUNS; run++) {
      await page.goto('/heatmap');
      await page
        .getByTestId('heatmap')
        .and(page.locator(`[data-state="ready"][data-routes="${ACTIVITIES}"]`))
        .waitFor({ timeout: 120_000 });
      const ready = await page.evaluate(() => performance.getEntriesByName('stride:heatmap-ready').at(-1)?.startTime ?? NaN);
      const fetched = await page.evaluate(() => {
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        return entries.filter((e) => e.name.includes('maps.routes')).at(-1)?.responseEnd ?? NaN;
      });
      // the first opens cold (code and connections)
      if (run > 0) times.push([ready, fetched]);
    }
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `heatmap of ${ACTIVITIES} routes interactive after ${times.map(([t, f]) => `${(t / 1000).toFixed(2)} s (routes received at ${(f / 1000).toFixed(2)} s)`).join(', ')} (from navigation start, Chromium)`,
    );
  } finally {
    await browser.close();
    await server.stop();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  }
}

void main();

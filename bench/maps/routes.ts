import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { users } from '../../db/schema';
import { findActivityRoutesJson } from '../../server/services/routes/find-activity-routes';
import { openTestDatabase } from '../../server/testing/test-database';
import { storeSyntheticRides } from './synthetic-ride';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: GET /activities/routes for 10,000 activities: ≤ 500 ms and ≤ 20 MB. Stores 10,000
// activities with routes simplified (route-polyline.ts) from synthetic one-hour rides (1 Hz,
// ~3,600 points, wiggling as roads do), then times the service and the JSON the REST route sends,
// median of RUNS after a warm-up. PGlite by default; TEST_DATABASE_URL=postgres://… for PostgreSQL.
// Run: npx tsx bench/maps/routes.ts   (ACTIVITIES=…, RUNS=… to change the size)

const ACTIVITIES = Number(process.env.ACTIVITIES ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 5);

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  const database = await openTestDatabase(engine);
  const { db } = database;
  const [user] = await db.insert(users).values({ username: 'bench-routes' }).returning();
  await storeSyntheticRides(db, user!.id, ACTIVITIES);
  const times: number[] = [];
  let bytes = 0;
  let items = 0;
  for (let run = 0; run <= RUNS; run++) {
    const t = performance.now();
    const body = await findActivityRoutesJson(db, user!.id, {});
    const elapsed = performance.now() - t;
    bytes = Buffer.byteLength(body);
    items = (body.match(/"polyline"/g) ?? []).length;
    if (run > 0) times.push(elapsed);
  }
  console.log(
    `${engine}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `GET /activities/routes (the JSON text the REST route sends) for ${items} activities: median ${median(times).toFixed(0)} ms (runs ${times.map((x) => x.toFixed(0)).join(', ')}), ` +
      `${(bytes / 1e6).toFixed(2)} MB, ${(bytes / items).toFixed(0)} bytes/activity`,
  );
  await database.close();
}

void main();

// Explorer figures (issue 54; targets: ≤ 50 ms added per upload, summary p99 ≤ 100 ms over 250,000
// zoom-17 tiles, backfill of 10,000 activities ≤ 5 minutes):
//   npx tsx bench/explorer/tiles.ts [runs, default 20]
// PGlite (in memory) by default; TEST_DATABASE_URL=postgres://… for PostgreSQL. ACTIVITIES (10,000)
// sets the backfill's size. Prints, each on its own line:
//   per upload   both zooms' tiles of the long corpus files with their glitch mask, as the parse
//                worker computes them, and the subscriber's write of the row (with the version raise)
//   summary      the square and cluster search over 250,000 zoom-17 tiles alone; GET /explorer/summary's
//                service read from the database (what the first reader after a change waits); and the
//                kept answer a reader gets until the next change (the session check included)
//   backfill     ACTIVITIES one-hour rides (3,600 points) stored without tiles, then the explorer
//                backfill job as at start-up: reading the tracks, computing, writing the rows
// The machine's load average is printed: on a shared machine every figure is pessimistic.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { activities, activityStreams, activityTiles } from '../../db/schema';
import { parseActivityFile } from '../../server/formats';
import { squareAndCluster } from '../../server/formats/explorer/tile-summary';
import { activityTrackTiles, tileKey } from '../../server/formats/explorer/track-tiles';
import { readCorpusFile } from '../../server/formats/test-support/corpus';
import { EmbeddedRunner } from '../../server/jobs/embedded-runner';
import { getExplorerSummary } from '../../server/services/explorer/get-explorer-summary';
import { explorerSummaryRead } from '../../server/services/explorer/reads';
import { alongSession } from '../../server/services/reads/run-read';
import { queueExplorerBackfills } from '../../server/services/explorer/queue-explorer-backfills';
import { storeActivityTiles } from '../../server/services/explorer/store-activity-tiles';
import { seededRandom } from '../../server/testing/seeded-random';
import { signedInUser } from '../../server/testing/signed-in-user';
import { openTestDatabase } from '../../server/testing/test-database';
import { useTestEnv as installTestEnv } from '../../server/testing/test-env';
import { syntheticRide } from '../maps/synthetic-ride';

const RUNS = Number(process.argv[2] ?? 20);
const ACTIVITIES = Number(process.env.ACTIVITIES ?? 10_000);
const TILES = 250_000;

const quantile = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))]!;
const figures = (times: number[]) => `p50 ${quantile(times, 0.5).toFixed(1)} ms, p99 ${quantile(times, 0.99).toFixed(1)} ms (${times.length} runs)`;

const hourFrom = (ms: number) => ({ startTime: new Date(ms), endTime: new Date(ms + 3600_000), totalElapsedTime: 3600 });

async function timed(runs: number, work: () => unknown): Promise<number[]> {
  const times: number[] = [];
  await work(); // warm-up
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return times;
}

/** 250,000 distinct zoom-17 tiles: random walks (roads) around a few centres. */
function walkedTiles(): number[] {
  const random = seededRandom(250);
  const set = new Set<number>();
  while (set.size < TILES) {
    let x = 70_000 + Math.floor(random() * 2000);
    let y = 45_000 + Math.floor(random() * 2000);
    for (let s = 0; s < 400 && set.size < TILES; s++) {
      set.add(tileKey(x, y, 17));
      if (random() < 0.5) x += random() < 0.5 ? 1 : -1;
      else y += random() < 0.5 ? 1 : -1;
    }
  }
  return [...set];
}

async function main(): Promise<void> {
  installTestEnv();
  const engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  console.log(
    `${engine}, load average before ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const database = await openTestDatabase(engine);
  const { db } = database;
  try {
    const user = await signedInUser(db, 'bench-explorer');

    // per upload
    for (const file of ['fit/wahoo_elemnt_ride_6h33.fit', 'fit/garmin_fenix5x_ironman_multisport_14h.fit']) {
      const parsed = await parseActivityFile(readCorpusFile(file), file.split('/')[1]!);
      const tiles = () => parsed.map((a) => activityTrackTiles(a.activityType, a.streams));
      const compute = await timed(RUNS, tiles);
      const [activity] = await db
        .insert(activities)
        .values({ userId: user.userId, name: 'upload', activityType: 'ride', ...hourFrom(Date.parse('2019-06-01T08:00:00Z')), source: 'upload' })
        .returning({ id: activities.id });
      const sets = tiles();
      const write = await timed(RUNS, () => storeActivityTiles(db, user.userId, [{ activityId: activity!.id, tiles: sets[0]! }]));
      await db.delete(activities).where(eq(activities.id, activity!.id));
      const points = parsed.reduce((n, a) => n + (a.streams.lat?.length ?? 0), 0);
      const z17 = sets.reduce((n, s) => n + (s?.[17].length ?? 0), 0);
      console.log(`per upload ${file} (${points} points, ${z17} z17 tiles): tiles with glitch mask ${figures(compute)}; row written ${figures(write)}`);
    }

    // summary: 250,000 tiles spread over 1,000 activities (with a fifth of them visited twice)
    const keys = walkedTiles();
    const alone = await timed(RUNS, () => squareAndCluster(keys, 17));
    const { maxSquare, maxCluster } = squareAndCluster(keys, 17);
    console.log(`summary search over ${keys.length} z17 tiles (square ${maxSquare.size}, cluster ${maxCluster}): ${figures(alone)}`);
    const ids = await db
      .insert(activities)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          userId: user.userId,
          name: `walk ${i}`,
          activityType: 'ride',
          ...hourFrom(Date.parse('2018-01-01T08:00:00Z') + i * 86_400_000),
          source: 'upload' as const,
        })),
      )
      .returning({ id: activities.id });
    const per = keys.length / ids.length;
    await db.insert(activityTiles).values(
      ids.map(({ id }, i) => ({
        activityId: id,
        userId: user.userId,
        version: 0,
        z14: [],
        z17: keys.slice(i * per, (i + 1) * per + (i % 5 === 0 ? per : 0)),
      })),
    );
    await db.execute(sql`analyze`);
    const service = await timed(Math.min(RUNS, 10), () => getExplorerSummary(db, user.userId, 17));
    console.log(`GET /explorer/summary, service read from the database (a change since the last read): ${figures(service)}`);
    const keptRead = alongSession(explorerSummaryRead, { zoom: 17 })!;
    const kept = await timed(RUNS * 10, () => keptRead(db, user.sessionId));
    const answer = (await keptRead(db, user.sessionId))!.value!.value!;
    if (answer.tiles !== keys.length || answer.max_square.size !== maxSquare.size || answer.max_cluster !== maxCluster)
      throw new Error(`kept summary differs: ${JSON.stringify(answer)}`);
    console.log(`GET /explorer/summary, kept answer with the session check (no change since): ${figures(kept)}`);
    await db.delete(activities).where(eq(activities.userId, user.userId));

    // backfill: ACTIVITIES rides without tiles (200 distinct tracks), the job as at start-up
    const tracks = Array.from({ length: 200 }, (_, i) => syntheticRide(i + 1));
    const time = Array.from({ length: 3600 }, (_, i) => i);
    for (let from = 0; from < ACTIVITIES; from += 200) {
      const rows = await db
        .insert(activities)
        .values(
          Array.from({ length: Math.min(200, ACTIVITIES - from) }, (_, k) => ({
            userId: user.userId,
            name: `ride ${from + k}`,
            activityType: 'ride',
            ...hourFrom(Date.parse('2020-01-01T07:00:00Z') + (from + k) * 6 * 3600_000),
            source: 'upload' as const,
            hasStreams: true,
          })),
        )
        .returning({ id: activities.id });
      await db.insert(activityStreams).values(rows.map((r, k) => ({ activityId: r.id, time, lat: tracks[k]![0], lon: tracks[k]![1] })));
    }
    await db.execute(sql`analyze`);
    const t0 = performance.now();
    await queueExplorerBackfills(db);
    await new EmbeddedRunner(db, { pollMs: 20 }).drain();
    const seconds = (performance.now() - t0) / 1000;
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::integer` })
      .from(activityTiles)
      .where(eq(activityTiles.userId, user.userId))) as [{ n: number }];
    console.log(
      `backfill of ${ACTIVITIES} one-hour rides (reads, tiles, writes; ${n} rows stored): ${seconds.toFixed(1)} s, ${Math.round(ACTIVITIES / seconds)} activities/s`,
    );
  } finally {
    await database.close();
    console.log(
      `load average after ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

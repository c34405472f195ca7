import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { selectRows } from '@/db/select-rows';
import { activityRoutes, segments } from '@/db/schema';
import { parseActivityFile } from '@/server/formats';
import { haversine } from '@/server/formats/metrics/haversine';
import { segmentLine } from '@/server/formats/segments/segment-shape';
import { REAL_HISTORY_DIR } from '@/server/formats/test-support/real-history';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { useDatabaseForTests as installDatabase } from '@/server/runtime';
import { ingestActivities } from '@/server/services/ingestion/ingest-activities';
import { prepareActivity } from '@/server/services/ingestion/prepare-activity';
import { listSegmentEfforts } from '@/server/services/segments/list-segment-efforts';
import { matchNewActivity } from '@/server/services/segments/match-new-activity';
import { matchStoredActivities } from '@/server/services/segments/match-stored-activities';
import { queueSegmentMatch } from '@/server/services/segments/queue-segment-match';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase } from '@/server/testing/test-database';
import { useTestEnv as installTestEnv } from '@/server/testing/test-env';
import { closeWorkerPool } from '@/server/workers/pool';
import { withSeedingDb } from '../progress/seed';

// Segments (issue 53), on this machine, in process (service + database, no HTTP):
//   npx tsx bench/segments/run.ts            ENGINE=postgres (with TEST_DATABASE_URL) for PostgreSQL
//   ACTIVITIES=10000 SEGMENTS=1000 RUNS=20 by default.
// 1. One new activity (a real 1 Hz run, 20 min) matched against 1,000 segments, all of them inside
//    its box (none is dropped by the prefilter, so the matcher follows the track for each): one in
//    50 lies on its track, the others on a parallel road 60 m beside it (a realistic number of efforts);
//    what the after-store match adds, p95.
// 2. A new segment matched across ACTIVITIES activities (copies of that run, all passing it): the
//    segment_match job from queue to done on the embedded runner.
// 3. GET /segments/{id}/efforts of a segment with 1,000 efforts: its read (listSegmentEfforts, as
//    the route and the tRPC twin call it; the rate limit would answer 429 to a tight loop), p50/p99
//    of RUNS × 10 calls.

const ACTIVITIES = Number(process.env.ACTIVITIES ?? 10_000);
const SEGMENTS = Number(process.env.SEGMENTS ?? 1000);
const RUNS = Number(process.env.RUNS ?? 20);
const RUN = 'slalom007_14204490666.fit.gz';
const SAMPLES = 1200;

/** ms of this process's CPU (user + system): on PGlite the database's work too; under a loaded machine it tells more than the wall clock */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const percentile = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]!;

/**
 * Samples k..e moved `metres` to the left of the track, each along its own normal (the direction
 * over ±5 samples): a road beside the run, not one shifted along it where the run heads north.
 */
function beside(lat: number[], lon: number[], k: number, e: number, metres: number) {
  const [ys, xs]: [number[], number[]] = [[], []];
  for (let i = k; i <= e; i++) {
    const [a, b] = [Math.max(0, i - 5), Math.min(lat.length - 1, i + 5)];
    const mPerLon = 111_195 * Math.cos((lat[i]! * Math.PI) / 180);
    const [dx, dy] = [(lon[b]! - lon[a]!) * mPerLon, (lat[b]! - lat[a]!) * 111_195];
    const len = Math.hypot(dx, dy) || 1;
    ys.push(lat[i]! + ((dx / len) * metres) / 111_195);
    xs.push(lon[i]! - ((dy / len) * metres) / mPerLon);
  }
  return segmentLine(ys, xs)!;
}

async function main(): Promise<void> {
  installTestEnv();
  const database = await openTestDatabase(process.env.ENGINE === 'postgres' ? 'postgres' : 'pglite');
  installDatabase(database);
  const { db } = database;
  try {
    const user = await signedInUser(db);
    const [parsed] = await parseActivityFile(fs.readFileSync(path.join(REAL_HISTORY_DIR, 'files', RUN)), RUN);
    const s = parsed!.streams;
    // 20 minutes from 10 minutes in: the stretch the segments are cut from
    const from = 600;
    const cut = <T>(a: T[] | undefined) => a?.slice(from, from + SAMPLES);
    const time = s.time.slice(from, from + SAMPLES).map((t) => t - s.time[from]!);
    const run = { ...parsed!, streams: { time, lat: cut(s.lat), lon: cut(s.lon), distance: cut(s.distance), heart_rate: cut(s.heart_rate) } };
    const [template] = await ingestActivities(db, user.userId, [prepareActivity(run)], { source: 'upload' }, { awaitSubscribers: true });
    const templateId = template!.row.id;
    const lat = run.streams.lat as number[];
    const lon = run.streams.lon as number[];

    // 1. SEGMENTS segments: stretches of 200–1,000 m starting all along the run
    const rows = Array.from({ length: SEGMENTS }, (_, n) => {
      const k = Math.floor((n / SEGMENTS) * (SAMPLES - 400));
      const metres = 200 + (n % 9) * 100;
      let e = k;
      for (let walked = 0; walked < metres && e < SAMPLES - 1; e++) walked += haversine(lat[e]!, lon[e]!, lat[e + 1]!, lon[e + 1]!);
      // one in 50 on the track, the others on a parallel road 60 m beside it (to the left of the run)
      const line = n % 50 === 0 ? segmentLine(lat.slice(k, e + 1), lon.slice(k, e + 1))! : beside(lat, lon, k, e, 60);
      const { polyline, distance, minLat, minLon, maxLat, maxLon } = line;
      return { userId: user.userId, name: `S${n}`, sport: 'run', polyline, distance, minLat, minLon, maxLat, maxLon, matcherVersion: 1 };
    });
    for (let i = 0; i < rows.length; i += 200) await db.insert(segments).values(rows.slice(i, i + 200));
    const [route] = await db.select().from(activityRoutes).where(eq(activityRoutes.activityId, templateId));
    const box = { polyline: '', minLat: route!.minLat!, minLon: route!.minLon!, maxLat: route!.maxLat!, maxLon: route!.maxLon! };
    // the match and the efforts' write alone (the segments' select included), then the whole
    // after-store step, which here also announces every pass as a PR (the segments have no other efforts)
    const matchOnly: number[] = [];
    const whole: number[] = [];
    const matchCpu: number[] = [];
    const wholeCpu: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const [t0, c0] = [performance.now(), cpuMs()];
      const candidates = await db.select().from(segments).where(eq(segments.userId, user.userId));
      await matchStoredActivities(db, user.userId, candidates, [templateId]);
      matchOnly.push(performance.now() - t0);
      matchCpu.push(cpuMs() - c0);
      const [t1, c1] = [performance.now(), cpuMs()];
      await matchNewActivity(db, user.userId, templateId, box);
      whole.push(performance.now() - t1);
      wholeCpu.push(cpuMs() - c1);
    }
    const [{ count }] = (await selectRows<{ count: number }>(db, sql`select count(*)::integer as count from segment_efforts`)) as [{ count: number }];
    console.log(
      `1. one ${SAMPLES}-point activity vs ${SEGMENTS} segments (all in its box, ${count} passes): match and write p50 ${percentile(matchOnly, 50).toFixed(0)} ms, p95 ${percentile(matchOnly, 95).toFixed(0)} ms (CPU p50 ${percentile(matchCpu, 50).toFixed(0)}, p95 ${percentile(matchCpu, 95).toFixed(0)}); with ${count} PR announcements p50 ${percentile(whole, 50).toFixed(0)} ms, p95 ${percentile(whole, 95).toFixed(0)} ms (CPU p50 ${percentile(wholeCpu, 50).toFixed(0)}, p95 ${percentile(wholeCpu, 95).toFixed(0)})`,
    );
    await db.execute(sql`delete from segments`);

    // 2. copies of the run (streams and route) by SQL, then one new segment's job
    const seeded = performance.now();
    await withSeedingDb(database, (seeding) =>
      seeding.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(sql`
      with copies as (
        insert into activities (user_id, name, activity_type, start_time, end_time, distance, total_elapsed_time, moving_time, elevation_gain, source, has_streams)
        select user_id, 'Copy ' || n, activity_type, start_time + n * interval '1 day', end_time + n * interval '1 day', distance, total_elapsed_time, moving_time,
          elevation_gain, source, has_streams
        from activities, generate_series(1, ${ACTIVITIES - 1}) as n where id = ${templateId}
        returning id),
      streams as (
        insert into activity_streams (activity_id, time, lat, lon, distance, heart_rate)
        select c.id, s.time, s.lat, s.lon, s.distance, s.heart_rate from copies c cross join activity_streams s where s.activity_id = ${templateId})
      insert into activity_routes (activity_id, version, polyline, min_lat, min_lon, max_lat, max_lon)
      select c.id, r.version, r.polyline, r.min_lat, r.min_lon, r.max_lat, r.max_lon from copies c cross join activity_routes r where r.activity_id = ${templateId}`);
      }),
    );
    await db.execute(sql`analyze`);
    console.log(`   seeded ${ACTIVITIES} activities in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const [segment] = await db
      .insert(segments)
      .values({ ...rows[Math.floor(SEGMENTS / 100) * 50]!, name: 'New', matcherVersion: 0 })
      .returning();
    const t0 = performance.now();
    const job = await queueSegmentMatch(db, user.userId);
    await new EmbeddedRunner(db, { pollMs: 20 }).drain();
    const seconds = (performance.now() - t0) / 1000;
    const [{ efforts }] = (await selectRows<{ efforts: number }>(
      db,
      sql`select count(*)::integer as efforts from segment_efforts where segment_id = ${segment!.id}`,
    )) as [{ efforts: number }];
    console.log(`2. a new segment across ${ACTIVITIES} activities (job ${job.id.slice(0, 8)}): ${efforts} efforts in ${seconds.toFixed(1)} s`);

    // 3. a segment with 1,000 efforts
    const [board] = await db
      .insert(segments)
      .values({ ...rows[0]!, name: 'Board', matcherVersion: 1 })
      .returning();
    await db.execute(sql`insert into segment_efforts (segment_id, activity_id, start_index, end_index, start_time, elapsed_time, moving_time, average_speed, average_hr, average_power, matcher_version)
      select ${board!.id}, a.id, 10, 100, a.start_time + interval '1 minute', 90 + (a.id * 7919) % 60, 88, 3.2, 150, null, 1
      from activities a where a.user_id = ${user.userId} order by a.id limit 1000`);
    await db.execute(sql`analyze`);
    const latencies: number[] = [];
    const readCpu: number[] = [];
    let size = 0;
    for (let r = 0; r < RUNS * 10; r++) {
      const [t, c] = [performance.now(), cpuMs()];
      size = (await listSegmentEfforts(db, user.userId, board!.id)).length;
      latencies.push(performance.now() - t);
      readCpu.push(cpuMs() - c);
    }
    console.log(
      `3. GET /segments/{id}/efforts with ${size} efforts: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (CPU p50 ${percentile(readCpu, 50).toFixed(1)}, p99 ${percentile(readCpu, 99).toFixed(1)})`,
    );
  } finally {
    await closeWorkerPool();
    await database.close();
  }
}

const { execSync } = await import('node:child_process');
console.log(`uptime: ${execSync('uptime').toString().trim()}`);
await main();
console.log(`uptime: ${execSync('uptime').toString().trim()}`);

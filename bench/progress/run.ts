import { eq, sql } from 'drizzle-orm';
import { users } from '@/db/schema';
import { selectRows } from '@/db/select-rows';
import type { ParsedActivity } from '@/server/formats';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { getActivityBestEfforts } from '@/server/services/efforts/get-activity-best-efforts';
import { getRecords } from '@/server/services/efforts/get-records';
import { queueEffortsBackfill } from '@/server/services/efforts/queue-efforts-backfill';
import { ingestActivities } from '@/server/services/ingestion/ingest-activities';
import { getStats } from '@/server/services/stats/get-stats';
import { getStatsSummary } from '@/server/services/stats/get-stats-summary';
import { useDatabaseForTests as installDatabase } from '@/server/runtime';
import { openTestDatabase } from '@/server/testing/test-database';
import { useTestEnv as installTestEnv } from '@/server/testing/test-env';
import { closeWorkerPool } from '@/server/workers/pool';
import { prepareActivity } from '@/server/services/ingestion/prepare-activity';

// Progress reads and the efforts backfill over 10,000 activities of one user (issue 30):
//   npx tsx bench/progress/run.ts [seconds per case, default 10]
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/progress/run.ts   (adds PostgreSQL)
//   SKIP_BACKFILL=1 measures the reads only; ENGINES=postgres skips PGlite
// Per engine: one template run (20 min at 1 Hz with distance and power) is stored through the
// ingestion pipeline, then copied by SQL to ACTIVITIES activities over three years (types rotating
// run/ride/trail_run/walk, efforts varied so ranks differ). Each read case runs CONNECTIONS callers
// in a loop for the given seconds, in process (service + database, no HTTP: the HTTP floor is
// bench/reads'), and prints p50/p99. Then every activity's efforts version is removed and the
// backfill job is queued and drained as at start-up: activities/s and the process's peak RSS.

const SECONDS = Number(process.argv[2] ?? 10);
const ACTIVITIES = Number(process.env.ACTIVITIES ?? 10_000);
const CONNECTIONS = 10;

function templateRun(): ParsedActivity {
  const time = Array.from({ length: 1201 }, (_, s) => s);
  let x = 0;
  const distance = time.map((s) => ((x += 1000 / (300 + 30 * Math.sin(s / 60))), Math.round(x * 100) / 100));
  const power = time.map((s) => 220 + Math.round(60 * Math.sin(s / 17)));
  return parsedActivity({
    name: 'Template',
    startTime: new Date('2023-01-02T07:00:00Z'),
    totalElapsedTime: 1200,
    distance: x,
    movingTime: 1190,
    elevationGain: 35,
    averagePower: 220,
    calories: 300,
    streams: { time, distance, power },
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function measure(name: string, call: () => Promise<unknown>): Promise<Record<string, string | number>> {
  const latencies: number[] = [];
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
  latencies.sort((a, b) => a - b);
  return {
    case: name,
    calls: latencies.length,
    'calls/s': Math.round(latencies.length / SECONDS),
    'p50 ms': +percentile(latencies, 50).toFixed(1),
    'p99 ms': +percentile(latencies, 99).toFixed(1),
  };
}

async function runEngine(engine: 'pglite' | 'postgres'): Promise<void> {
  const database = await openTestDatabase(engine);
  installDatabase(database);
  const { db } = database;
  try {
    const [user] = await db.insert(users).values({ username: 'bench', timezone: 'Europe/Berlin' }).returning();
    const userId = user!.id;
    const [template] = await ingestActivities(db, userId, [prepareActivity(templateRun())], { source: 'upload' }, { awaitSubscribers: true });
    const templateId = template!.row.id;
    const seeded = performance.now();
    // the rest by SQL: every ~2.6 h over three years, types rotating, figures and efforts varied
    await db.execute(sql`
      with copies as (
        insert into activities (user_id, name, activity_type, start_time, end_time, distance, total_elapsed_time, moving_time, elevation_gain, calories, source, has_streams)
        select ${userId}, 'Bench ' || n, (array['run','ride','trail_run','walk'])[1 + n % 4],
          timestamptz '2023-01-02 07:00:00+00' + n * interval '157 minutes', timestamptz '2023-01-02 07:20:00+00' + n * interval '157 minutes',
          3000 + (n % 50) * 200, 1200 + n % 600, 1190 + n % 600, n % 300, 200 + n % 400, 'upload', true
        from generate_series(1, ${ACTIVITIES - 1}) as n
        returning id)
      insert into activity_streams (activity_id, time, distance, power)
      select c.id, s.time, s.distance, s.power from copies c cross join activity_streams s where s.activity_id = ${templateId}`);
    await db.execute(sql`
      insert into activity_efforts (activity_id, user_id, kind, measure, value, start_offset)
      select a.id, a.user_id, e.kind, e.measure, case when e.kind = 'distance' then e.value + (a.id * 7919) % 97 else e.value - (a.id * 7919) % 61 end, e.start_offset
      from activities a cross join activity_efforts e where a.user_id = ${userId} and a.id <> ${templateId} and e.activity_id = ${templateId}`);
    await db.execute(sql`insert into activity_effort_versions (activity_id, algorithm_version)
      select a.id, v.algorithm_version from activities a cross join activity_effort_versions v where a.user_id = ${userId} and a.id <> ${templateId} and v.activity_id = ${templateId}`);
    await db.execute(sql`analyze`);
    console.log(`[${engine}] seeded ${ACTIVITIES} activities in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    const rows = [
      await measure('stats week, 3 years', () => getStats(db, userId, { period: 'week', start_date: '2023-01-01', end_date: '2025-12-31' })),
      await measure('stats summary', () => getStatsSummary(db, userId)),
      await measure('records run', () => getRecords(db, userId, { type: 'run' })),
      await measure('records ride 2024', () => getRecords(db, userId, { type: 'ride', year: 2024 })),
      await measure('best efforts of the latest', async () => getActivityBestEfforts(db, userId, templateId + ACTIVITIES - 1)),
    ];
    console.table(rows.map((r) => ({ engine, ...r })));

    if (process.env.SKIP_BACKFILL === '1') return;
    await db.execute(sql`delete from activity_effort_versions`);
    await db.update(users).set({ timezone: 'Europe/Berlin' }).where(eq(users.id, userId));
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const start = performance.now();
    await queueEffortsBackfill(db);
    await new EmbeddedRunner(db).drain();
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    const [{ n } = { n: 0 }] = await selectRows<{ n: number }>(db, sql`select count(*)::integer as n from activity_effort_versions`);
    console.table([
      {
        engine,
        case: 'backfill',
        activities: ACTIVITIES,
        seconds: +seconds.toFixed(1),
        'activities/s': Math.round(ACTIVITIES / seconds),
        'peak RSS MB': Math.round(peak / 2 ** 20),
        versions: n,
      },
    ]);
  } finally {
    await closeWorkerPool();
    await database.close();
  }
}

installTestEnv();
const { execSync } = await import('node:child_process');
console.log(`uptime: ${execSync('uptime').toString().trim()}`);
const engines = (process.env.ENGINES ?? 'pglite,postgres').split(',');
if (engines.includes('pglite')) await runEngine('pglite');
if (process.env.TEST_DATABASE_URL && engines.includes('postgres')) await runEngine('postgres');
console.log(`uptime: ${execSync('uptime').toString().trim()}`);

import { execSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { openDatabase, type Database, type Db } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import * as schema from '@/db/schema';
import { users } from '@/db/schema';
import type { ParsedActivity } from '@/server/formats';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';
import { ingestActivities } from '@/server/services/ingestion/ingest-activities';
import { ensureAdminUser } from '@/server/services/users/ensure-admin-user';
import { useDatabaseForTests as installDatabase } from '@/server/runtime';
import { closeWorkerPool } from '@/server/workers/pool';
import { prepareActivity } from '@/server/services/ingestion/prepare-activity';

export const BENCH_ADMIN = { username: 'admin', password: 'Bench-Admin-Pass-1' };

// The progress benches' data: one template run (20 min at 1 Hz with distance, power, heart rate and
// a rolling altitude, so it has every kind of effort: distance, power, hr, gap) stored
// through the ingestion pipeline, then copied by SQL to `activities` activities over three years
// (types rotating run/ride/trail_run/walk, figures and efforts varied so ranks differ).

function templateRun(firstStart: Date): ParsedActivity {
  const time = Array.from({ length: 1201 }, (_, s) => s);
  let x = 0;
  const distance = time.map((s) => ((x += 1000 / (300 + 30 * Math.sin(s / 60))), Math.round(x * 100) / 100));
  const power = time.map((s) => 220 + Math.round(60 * Math.sin(s / 17)));
  const heartRate = time.map((s) => 150 + Math.round(15 * Math.sin(s / 90)));
  const altitude = distance.map((d) => Math.round(100 + 20 * Math.sin(d / 500)));
  return parsedActivity({
    name: 'Template',
    startTime: firstStart,
    totalElapsedTime: 1200,
    distance: x,
    movingTime: 1190,
    elevationGain: 35,
    averagePower: 220,
    calories: 300,
    streams: { time, distance, power, heart_rate: heartRate, altitude },
  });
}

/** The first activity's start: 2023-01-02 07:00 UTC, so the copies span 2023–2025. */
export const FIRST_START = new Date('2023-01-02T07:00:00Z');
/** Every copy starts this long after the one before. */
const EVERY_MINUTES = 157;

/** A first start that makes the last of `activities` start about now (for pages that show this week and month). */
export const firstStartEndingNow = (activities: number): Date => new Date(Date.now() - (activities - 1) * EVERY_MINUTES * 60_000 - 3600_000);

/** Seeds the user's activities (timezone Europe/Berlin); returns the template's id (the copies follow it). */
export async function seedProgressActivities(db: Db, userId: number, activities: number, firstStart = FIRST_START): Promise<number> {
  await db.update(users).set({ timezone: 'Europe/Berlin' }).where(eq(users.id, userId));
  const [template] = await ingestActivities(db, userId, [prepareActivity(templateRun(firstStart))], { source: 'upload' }, { awaitSubscribers: true });
  const templateId = template!.row.id;
  // the rest by SQL: every ~2.6 h over three years, in one transaction without the request timeout
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`
    with copies as (
      insert into activities (user_id, name, activity_type, start_time, end_time, distance, total_elapsed_time, moving_time, elevation_gain, calories, source, has_streams)
      select ${userId}, 'Bench ' || n, (array['run','ride','trail_run','walk'])[1 + n % 4],
        ${firstStart.toISOString()}::timestamptz + n * ${sql.raw(`interval '${EVERY_MINUTES} minutes'`)},
        ${firstStart.toISOString()}::timestamptz + interval '20 minutes' + n * ${sql.raw(`interval '${EVERY_MINUTES} minutes'`)},
        3000 + (n % 50) * 200, 1200 + n % 600, 1190 + n % 600, n % 300, 200 + n % 400, 'upload', true
      from generate_series(1, ${activities - 1}) as n
      returning id)
    insert into activity_streams (activity_id, time, distance, power)
    select c.id, s.time, s.distance, s.power from copies c cross join activity_streams s where s.activity_id = ${templateId}`);
    await tx.execute(sql`
    insert into activity_efforts (activity_id, user_id, kind, measure, value, start_offset)
    select a.id, a.user_id, e.kind, e.measure, case when e.kind in ('distance', 'gap') then e.value + (a.id * 7919) % 97 else e.value - (a.id * 7919) % 61 end, e.start_offset
    from activities a cross join activity_efforts e where a.user_id = ${userId} and a.id <> ${templateId} and e.activity_id = ${templateId}`);
    await tx.execute(sql`insert into activity_effort_versions (activity_id, algorithm_version)
    select a.id, v.algorithm_version from activities a cross join activity_effort_versions v where a.user_id = ${userId} and a.id <> ${templateId} and v.activity_id = ${templateId}`);
  });
  await db.execute(sql`analyze`);
  return templateId;
}

/**
 * PostgreSQL without openDatabase's statement timeout and client-side deadline (db/statement-deadline.ts):
 * the seeding statements run longer than 6 s, and the deadline destroyed the socket under them
 * (postgres.js: "Cannot read properties of null (reading 'write')").
 */
function seedingConnection(url: string): Database {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  return { db: drizzlePostgres({ client, schema }) as unknown as Db, engine: 'postgres', url, close: () => client.end({ timeout: 5 }) };
}

/**
 * Runs long seeding statements on a database opened by openTestDatabase: on PostgreSQL through a
 * connection of its own without the request deadline (db/statement-deadline.ts destroys a socket
 * that waits 6 s for an answer, and postgres.js then fails with "reading 'write'").
 */
export async function withSeedingDb<T>(database: Database, work: (db: Db) => Promise<T>): Promise<T> {
  if (database.engine !== 'postgres' || !database.url) return work(database.db);
  const seeding = seedingConnection(database.url);
  try {
    return await work(seeding.db);
  } finally {
    await seeding.close();
  }
}

/** Seeds a database opened by openTestDatabase (withSeedingDb). */
export const seedOpenDatabase = (database: Database, userId: number, activities: number): Promise<number> =>
  withSeedingDb(database, (db) => seedProgressActivities(db, userId, activities));

/**
 * Creates, migrates and seeds a database for a server or a child process to open afterwards: the
 * admin (BENCH_ADMIN) gets the activities. `staleEfforts` removes every efforts version after, as
 * before a backfill.
 */
export async function seedDatabase(
  target: { databaseUrl?: string; pgliteDir?: string },
  activities: number,
  staleEfforts = false,
  firstStart = FIRST_START,
): Promise<void> {
  const database: Database = target.databaseUrl ? seedingConnection(target.databaseUrl) : await openDatabase(target);
  installDatabase(database);
  try {
    await runMigrations(database);
    await ensureAdminUser(database.db, BENCH_ADMIN);
    const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, BENCH_ADMIN.username));
    const started = performance.now();
    await seedProgressActivities(database.db, admin!.id, activities, firstStart);
    if (staleEfforts) await database.db.execute(sql`delete from activity_effort_versions`);
    console.log(`[${database.engine}] seeded ${activities} activities in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await closeWorkerPool();
    await database.close();
  }
}

/** The engines to measure: ENGINES=pglite or ENGINES=postgres for one. */
export const benchEngines = (): string[] => (process.env.ENGINES ?? 'pglite,postgres').split(',');

/** The machine's load, printed before and after the figures it bears on. */
export const printUptime = (): void => console.log(`uptime: ${execSync('uptime').toString().trim()}`);

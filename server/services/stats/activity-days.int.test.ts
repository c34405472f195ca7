import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activities, activityDays, users } from '@/db/schema';
import type { ParsedActivity } from '@/server/formats';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';
import { useDatabaseForTests } from '@/server/runtime';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { deleteActivity } from '../activities/delete-activity';
import { updateActivity } from '../activities/update-activity';
import { ingestActivities } from '../ingestion/ingest-activities';
import { seededRandom } from '@/server/testing/seeded-random';

// activity_days (the statistics' and fitness's per-day sums, kept by triggers) against a fresh aggregation of the
// activities written here in plain TypeScript, after every step of a random sequence of inserts,
// deletes, edits of type, hidden flag, start time and figures, and timezone changes.

const TIMEZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland', 'UTC'];
const TYPES = ['run', 'ride', 'walk', 'trail_run'] as const;

/** The local calendar day of an instant in a timezone, from Intl. */
function localDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

describe.each(testEngines())('activity_days on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    useTestEnv();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(() => database.close());

  /** The user's visible activities summed per local day and type, straight from the rows. */
  async function aggregated(userId: number) {
    const [user] = await database.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
    const rows = await database.db.select().from(activities).where(eq(activities.userId, userId));
    const days = new Map<
      string,
      {
        day: string;
        activityType: string;
        count: number;
        distance: number;
        movingTime: number;
        elapsedTime: number;
        elevationGain: number;
        calories: number;
        trainingLoad: number;
      }
    >();
    for (const a of rows.filter((r) => !r.isHidden)) {
      const day = localDay(a.startTime, user!.timezone);
      const key = `${day} ${a.activityType}`;
      const sum = days.get(key) ?? {
        day,
        activityType: a.activityType,
        count: 0,
        distance: 0,
        movingTime: 0,
        elapsedTime: 0,
        elevationGain: 0,
        calories: 0,
        trainingLoad: 0,
      };
      sum.count += 1;
      sum.distance += a.distance ?? 0;
      sum.movingTime += a.movingTime ?? 0;
      sum.elapsedTime += a.totalElapsedTime;
      sum.elevationGain += a.elevationGain ?? 0;
      sum.calories += a.calories ?? 0;
      sum.trainingLoad += a.trainingLoad ?? 0;
      days.set(key, sum);
    }
    return [...days.values()].sort((x, y) => `${x.day} ${x.activityType}`.localeCompare(`${y.day} ${y.activityType}`));
  }
  async function stored(userId: number) {
    const rows = await database.db.select().from(activityDays).where(eq(activityDays.userId, userId));
    return rows.map(({ userId: _, ...r }) => r).sort((x, y) => `${x.day} ${x.activityType}`.localeCompare(`${y.day} ${y.activityType}`));
  }

  it('CONTRACT: … Statistics and calendar: the per-day sums equal a fresh aggregation after random inserts, deletes, edits and timezone changes', async () => {
    const random = seededRandom(engine === 'pglite' ? 30 : 31);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    // whole numbers, so sums in any order are exact; starts over three weeks around the spring DST change
    const made = (): ParsedActivity =>
      parsedActivity({
        name: 'Random',
        activityType: pick(TYPES),
        startTime: new Date(Date.parse('2024-03-20T00:00:00Z') + Math.floor(random() * 21 * 96) * 900_000),
        totalElapsedTime: 600 + Math.floor(random() * 5000),
        distance: random() < 0.2 ? undefined : Math.floor(random() * 30_000),
        movingTime: 500 + Math.floor(random() * 5000),
        elevationGain: random() < 0.2 ? undefined : Math.floor(random() * 800),
        calories: Math.floor(random() * 900),
      });
    const [me, other] = await database.db
      .insert(users)
      .values([
        { username: `days-${engine}-a`, timezone: 'Europe/Berlin' },
        { username: `days-${engine}-b`, timezone: 'America/New_York' },
      ])
      .returning();
    const ids = new Map<number, number[]>([
      [me!.id, []],
      [other!.id, []],
    ]);
    const insert = async (userId: number, n: number) => {
      const stored = await ingestActivities(database.db, userId, Array.from({ length: n }, made), { source: 'upload' }, { awaitSubscribers: true });
      ids.get(userId)!.push(...stored.map((s) => s.row.id));
    };
    await insert(me!.id, 8);
    await insert(other!.id, 4);
    const steps: Record<string, (userId: number, id: number) => Promise<unknown>> = {
      insert: (userId) => insert(userId, 1 + Math.floor(random() * 3)),
      delete: async (userId, id) => {
        await deleteActivity(database.db, userId, id);
        ids.set(
          userId,
          ids.get(userId)!.filter((x) => x !== id),
        );
      },
      retype: (userId, id) => updateActivity(database.db, userId, id, { activity_type: pick(TYPES) }, undefined),
      hide: (userId, id) => updateActivity(database.db, userId, id, { is_hidden: random() < 0.6 }, undefined),
      move: (_, id) =>
        database.db
          .update(activities)
          .set({ startTime: new Date(Date.parse('2024-03-20T00:00:00Z') + Math.floor(random() * 21 * 96) * 900_000) })
          .where(eq(activities.id, id)),
      refigure: (_, id) =>
        database.db
          .update(activities)
          .set({ distance: Math.floor(random() * 30_000), calories: null, trainingLoad: random() < 0.2 ? null : Math.floor(random() * 200) })
          .where(eq(activities.id, id)),
      timezone: (userId) =>
        database.db
          .update(users)
          .set({ timezone: pick(TIMEZONES) })
          .where(eq(users.id, userId)),
    };
    const seen = new Set<string>();
    for (let n = 0; n < 40; n++) {
      const userId = random() < 0.75 ? me!.id : other!.id;
      const mine = ids.get(userId)!;
      const name = mine.length ? pick(Object.keys(steps)) : 'insert';
      await steps[name]!(userId, pick(mine));
      seen.add(name);
      for (const user of [me!.id, other!.id]) expect(await stored(user), `after ${name} #${n}`).toEqual(await aggregated(user));
    }
    expect([...seen].sort()).toEqual(Object.keys(steps).sort());
    expect((await stored(me!.id)).length).toBeGreaterThan(0);
    // a deleted user's days go with the user
    await database.db.delete(users).where(eq(users.id, other!.id));
    expect(await stored(other!.id)).toEqual([]);
  });
});

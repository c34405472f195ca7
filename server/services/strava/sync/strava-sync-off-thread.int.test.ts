import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activities, activityHrZones, activityLaps, activityStreams, activityThumbnails, jobs, users, type JobRow } from '@/db/schema';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { parsedFromStrava, stravaLaps, stravaStreamSet, stravaSummary } from '@/server/strava/strava-activity';
import { makeActivity, type DoubleActivity } from '@/server/testing/strava-double/strava-data';
import type { StravaDouble } from '@/server/testing/strava-double/strava-double';
import { linkStravaThroughDouble, startStravaDouble, stravaDoubleEnv, userWithToken } from '@/server/testing/strava-double/start-strava-double';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { closeWorkerPool } from '@/server/workers/pool';
import { STRAVA_ACTIVITY_TOO_COMPLEX, UNREADABLE_STRAVA_ACTIVITY } from '@/server/services/strava/sync/strava-off-thread';
import { ingestActivities } from '../../ingestion/ingest-activities';
import { startStravaSync } from '../start-strava-sync';
import { stravaDedupKey } from './strava-sync-range';

// Issue 15: the sync reads Strava's streams and laps and prepares the activity in the worker pool
// (server/services/strava/sync/strava-task.ts). What it stores must be what the in-process path stores, as the
// sync did before: parsedFromStrava on this thread, then ingestActivities (which prepares a parsed
// activity where it is called): same activity row, laps, stream bytes, zones and thumbnail. A
// worker budget spent on one activity, or answers of the wrong shape, fail that activity only.

let nextAthlete = 7100;

describe.each(testEngines())('Strava sync prepares in the worker pool on %s', (engine) => {
  let database: TestDatabase;
  let double: StravaDouble;

  beforeAll(async () => {
    const roomy = { fifteenMinutes: 10_000, daily: 100_000 };
    double = await startStravaDouble({ budgets: { overall: roomy, read: roomy } });
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(async () => {
    await closeWorkerPool();
    await double.stop();
    await database.close();
  });
  beforeEach(() => resetRateLimitStateForTests());

  /** A user with a max heart rate (for zones), linked through the real flow to an athlete with these activities. */
  async function linkedUser(history: (athleteId: number) => DoubleActivity[]) {
    const athleteId = nextAthlete++;
    double.addAthlete(athleteId, history(athleteId));
    double.approvingAthleteId = athleteId;
    const user = await userWithToken(database.db, `offthread-${engine}-${athleteId}`);
    await database.db.update(users).set({ maxHeartRate: 188 }).where(eq(users.id, user.userId));
    const linked = await linkStravaThroughDouble(database.db, user.userId);
    expect(linked).toEqual({ linked: true, userId: user.userId });
    return { ...user, athleteId };
  }

  async function sync(userId: number, start_date: string, end_date: string): Promise<JobRow> {
    const { job_id } = await startStravaSync(database.db, userId, { start_date, end_date });
    await new EmbeddedRunner(database.db).drain();
    const [job] = await database.db.select().from(jobs).where(eq(jobs.id, job_id));
    return job!;
  }

  /** Everything stored for the user's Strava activity, without ids, owner and timestamps. */
  async function storedOf(userId: number, stravaId: number) {
    const [row] = await database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, userId), eq(activities.dedupKey, stravaDedupKey(stravaId))));
    const { id, userId: _owner, createdAt: _created, updatedAt: _updated, ...activity } = row!;
    const laps = (await database.db.select().from(activityLaps).where(eq(activityLaps.activityId, id)).orderBy(asc(activityLaps.lapIndex))).map(
      ({ activityId: _a, ...lap }) => lap,
    );
    // raw SQL: the stored text itself, not what the column's decoder makes of it
    const raw: unknown = await database.db.execute(sql`select * from activity_streams where activity_id = ${id}`);
    const streams = ((Array.isArray(raw) ? raw : (raw as { rows: unknown[] }).rows) as Record<string, unknown>[]).map(({ activity_id: _a, ...s }) => s);
    const zones = await database.db
      .select({ max: activityHrZones.maxHeartRate, zones: activityHrZones.zones })
      .from(activityHrZones)
      .where(eq(activityHrZones.activityId, id));
    const thumbnails = await database.db.select({ svg: activityThumbnails.svg }).from(activityThumbnails).where(eq(activityThumbnails.activityId, id));
    return { id, activity, laps, streams, zones, thumbnails };
  }

  it('a long ride, a run without heart rate and a manual activity are stored as the in-process path stores them', async () => {
    const start = (day: number) => new Date(Date.UTC(2025, 2, day, 6));
    const user = await linkedUser((athleteId) => [
      makeActivity({ id: athleteId * 1_000_000 + 1, athleteId, start: start(3), points: 20_000, laps: 7, watts: true }),
      makeActivity({ id: athleteId * 1_000_000 + 2, athleteId, start: start(4), sportType: 'Run', points: 900, heartrate: false }),
      makeActivity({ id: athleteId * 1_000_000 + 3, athleteId, start: start(5), points: 0 }),
    ]);
    const job = await sync(user.userId, '2025-03-01', '2025-03-31');
    expect(job.status).toBe('succeeded');
    expect(job.progress).toMatchObject({ total: 3, created: 3, failed: 0 });

    const [reference] = await database.db
      .insert(users)
      .values({ username: `offthread-ref-${engine}-${user.athleteId}`, maxHeartRate: 188 })
      .returning();
    for (const { summary, streams, laps } of double.activitiesOf(user.athleteId)) {
      const parsed = parsedFromStrava(stravaSummary.parse(summary), stravaStreamSet.parse(streams), stravaLaps.parse(laps));
      const overrides = [{ providerActivityId: summary.id, dedupKey: stravaDedupKey(summary.id) }];
      await ingestActivities(database.db, reference!.id, [parsed], { source: 'strava', overrides }, { awaitSubscribers: true });
      const { id, ...synced } = await storedOf(user.userId, summary.id);
      const { id: _r, ...expected } = await storedOf(reference!.id, summary.id);
      expect(synced, `Strava activity ${summary.id}`).toEqual(expected);
      if (summary.manual) {
        expect(synced.streams).toEqual([]);
        continue;
      }
      const [decoded] = await database.db.select().from(activityStreams).where(eq(activityStreams.activityId, id));
      expect(decoded!.time).toEqual(streams.time!.data);
      expect(synced.thumbnails).toHaveLength(1);
      expect(synced.zones).toHaveLength(summary.has_heartrate ? 1 : 0);
      expect(synced.laps).toHaveLength(laps.length);
    }
  });

  it('an activity over the worker time budget, or with streams of the wrong shape, is an item error; the job succeeds', async () => {
    const start = (day: number) => new Date(Date.UTC(2025, 4, day, 6));
    const user = await linkedUser((athleteId) => {
      const broken = makeActivity({ id: athleteId * 1_000_000 + 3, athleteId, start: start(3), points: 50 });
      broken.streams.time = { ...broken.streams.time!, data: 'not a list' as never };
      return [
        makeActivity({ id: athleteId * 1_000_000 + 1, athleteId, start: start(1), points: 20_000, watts: true }),
        makeActivity({ id: athleteId * 1_000_000 + 2, athleteId, start: start(2), points: 0 }),
        broken,
      ];
    });
    const [long, manual, broken] = double.activitiesOf(user.athleteId).map((a) => `strava:${a.summary.id}`);

    useTestEnv({ ...stravaDoubleEnv(double), PARSE_TIME_BUDGET_MS: '1' });
    let job: JobRow;
    try {
      job = await sync(user.userId, '2025-05-01', '2025-05-02');
    } finally {
      useTestEnv(stravaDoubleEnv(double));
    }
    expect(job.status).toBe('succeeded');
    expect(job.progress).toMatchObject({ total: 2, done: 2, created: 1, failed: 1 });
    expect(job.errors).toEqual([{ item: long, code: 'invalid_activity', detail: STRAVA_ACTIVITY_TOO_COMPLEX }]);
    const stored = async () =>
      (await database.db.select({ key: activities.dedupKey }).from(activities).where(eq(activities.userId, user.userId))).map((r) => r.key).sort();
    expect(await stored()).toEqual([manual]);

    // the pool replaced the stopped worker: within the budget the long ride is stored
    const again = await sync(user.userId, '2025-05-01', '2025-05-03');
    expect(again.status).toBe('succeeded');
    expect(again.progress).toMatchObject({ total: 3, created: 1, skipped: 1, failed: 1 });
    expect(again.errors).toEqual([{ item: broken, code: 'invalid_activity', detail: UNREADABLE_STRAVA_ACTIVITY }]);
    expect(await stored()).toEqual([long, manual].sort());
  });
});

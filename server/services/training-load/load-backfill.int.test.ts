import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, activityLoads, jobs } from '@/db/schema';
import { parseActivityFile, type ParsedActivity } from '@/server/formats';
import { LOAD_ALGORITHM_VERSION } from '@/server/formats/metrics/training-load';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { getJobOrThrow } from '@/server/job-queue/get-job-or-throw';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { prepareActivity } from '@/server/services/ingestion/prepare-activity';
import { updateActivity } from '../activities/update-activity';
import { getActivityBestEfforts } from '../efforts/get-activity-best-efforts';
import { ingestActivities } from '../ingestion/ingest-activities';
import { createThreshold } from './create-threshold';
import { queueLoadBackfill } from './queue-load-backfill';

// CONTRACT: Beyond the spec … Training load (revised 2026-11-29) and Real history … Pace-based
// training load, and "changing any of these rules bumps the algorithm version …: the backfill jobs
// recompute every stored activity (… loads), visible as jobs".

describe.each(testEngines())('training load rules of 2026-11-29 on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    useTestEnv();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(() => database.close());

  const store = async (userId: number, file: string, change: (a: ParsedActivity) => ParsedActivity = (a) => a) => {
    const parsed = (await parseActivityFile(readCorpusFile(file), file)).map(change);
    const [inserted] = await ingestActivities(database.db, userId, parsed.map(prepareActivity), { source: 'upload' }, { awaitSubscribers: true });
    return inserted!.row.id;
  };
  const figures = async (ids: number[]) =>
    database.db
      .select({
        id: activities.id,
        name: activities.name,
        type: activities.activityType,
        trainingLoad: activities.trainingLoad,
        loadMethod: activities.loadMethod,
        intensityFactor: activities.intensityFactor,
        trimp: activities.trimp,
        normalizedPower: activities.normalizedPower,
        movingTime: activities.movingTime,
        distance: activities.distance,
      })
      .from(activities)
      .where(inArray(activities.id, ids))
      .orderBy(activities.id);

  it('a run without power or heart rate loads by pace; a zeros-only power stream loads by heart rate with no power curve; a version bump recomputes every load in a job, owner edits kept', async () => {
    const user = await signedInUser(database.db);
    await createThreshold(database.db, user.userId, { effective_from: '2000-01-01', max_hr: 190, resting_hr: 50, lthr: 165, ftp: 220, threshold_pace: 300 });
    await new EmbeddedRunner(database.db).drain();

    const ride = await store(user.userId, 'fit/wahoo_elemnt_ride_6h33.fit');
    // a run recorded without a strap or a power meter
    const run = await store(user.userId, 'fit/tomtom_run.fit', (a) => ({
      ...a,
      streams: { ...a.streams, heart_rate: undefined, power: undefined },
      averageHr: null,
      maxHr: null,
    }));
    // a ride whose power meter sent only zeros
    const zeros = await store(user.userId, 'fit/garmin_edge500_ride_3h31.fit', (a) => ({
      ...a,
      streams: { ...a.streams, power: a.streams.time.map(() => 0) },
      normalizedPower: null,
    }));
    const ids = [ride, run, zeros];
    const atIngest = await figures(ids);
    const [r, p, z] = atIngest;

    // one NP: the Wahoo's own 157 W is the record's, and IF and load use it
    expect(r).toMatchObject({ loadMethod: 'power', normalizedPower: 157 });
    expect(r!.intensityFactor).toBeCloseTo(157 / 220, 9);
    // its 2 h 48 of stops are out: within 6 % of the head unit's TSS 190
    expect(Math.abs(r!.trainingLoad! / 190 - 1)).toBeLessThan(0.06);

    const pace = p!.movingTime! / (p!.distance! / 1000);
    expect(p).toMatchObject({ loadMethod: 'pace', trimp: null });
    expect(p!.intensityFactor).toBeCloseTo(300 / pace, 9);
    expect(p!.trainingLoad).toBeCloseTo(((p!.movingTime! * (300 / pace) ** 2) / 3600) * 100, 9);

    expect(z).toMatchObject({ loadMethod: 'hr', normalizedPower: null });
    expect(z!.trainingLoad).toBeGreaterThan(0);
    expect((await getActivityBestEfforts(database.db, user.userId, zeros)).power_curve).toEqual([]);

    // the owner renames the ride; then the stored inputs are those of the older algorithm (pauses
    // counted, a stale load): a start queues one job for the user, which measures them again
    await updateActivity(database.db, user.userId, ride, { name: 'Long one with coffee' }, undefined);
    await database.db
      .update(activityLoads)
      .set({ algorithmVersion: LOAD_ALGORITHM_VERSION - 1, powerSeconds: 23_595, normalizedPower: 133 })
      .where(inArray(activityLoads.activityId, ids));
    await database.db.update(activities).set({ trainingLoad: 240, intensityFactor: 0.6 }).where(inArray(activities.id, ids));

    const queued = (await queueLoadBackfill(database.db)).filter((j) => j.userId === user.userId);
    expect(queued.map((j) => j.kind)).toEqual(['load_recompute']);
    expect((await queueLoadBackfill(database.db)).filter((j) => j.userId === user.userId)).toEqual([]);
    await new EmbeddedRunner(database.db).drain();
    const job = await getJobOrThrow(database.db, user.userId, queued[0]!.id);
    expect(job.status).toBe('succeeded');
    expect(job.progress).toMatchObject({ done: 3 });

    const after = await figures(ids);
    expect(after.map(({ name: _, ...f }) => f)).toEqual(atIngest.map(({ name: _, ...f }) => f));
    expect(after[0]!.name).toBe('Long one with coffee');
    const versions = await database.db.select({ v: activityLoads.algorithmVersion }).from(activityLoads).where(inArray(activityLoads.activityId, ids));
    expect(versions.map((v) => v.v)).toEqual([LOAD_ALGORITHM_VERSION, LOAD_ALGORITHM_VERSION, LOAD_ALGORITHM_VERSION]);
    // done: a restart queues nothing more
    expect((await queueLoadBackfill(database.db)).filter((j) => j.userId === user.userId)).toEqual([]);
    const kinds = await database.db
      .select({ kind: jobs.kind })
      .from(jobs)
      .where(and(eq(jobs.userId, user.userId), eq(jobs.kind, 'load_recompute')));
    expect(kinds.length).toBeGreaterThanOrEqual(2);
  });

  it('a run re-typed by PATCH loads by its new type at once: a walk has no pace-based load, a run again has it', async () => {
    const user = await signedInUser(database.db);
    await createThreshold(database.db, user.userId, { effective_from: '2000-01-01', max_hr: 190, resting_hr: 50, lthr: 165, ftp: 220, threshold_pace: 300 });
    await new EmbeddedRunner(database.db).drain();
    const run = await store(user.userId, 'fit/tomtom_run.fit', (a) => ({
      ...a,
      streams: { ...a.streams, heart_rate: undefined, power: undefined },
      averageHr: null,
      maxHr: null,
    }));
    const [atIngest] = await figures([run]);
    expect(atIngest).toMatchObject({ loadMethod: 'pace' });

    // CONTRACT: … Pace-based training load is the run family's: a walk without heart rate or power has none
    const walk = await updateActivity(database.db, user.userId, run, { activity_type: 'walk' }, undefined);
    expect(walk).toMatchObject({ activityType: 'walk', loadMethod: null, trainingLoad: null, intensityFactor: null });
    const [stored] = await figures([run]);
    expect(walk.version).toBe((await database.db.select({ v: activities.version }).from(activities).where(eq(activities.id, run)))[0]!.v);
    expect(stored).toMatchObject({ type: 'walk', loadMethod: null, trainingLoad: null });

    const again = await updateActivity(database.db, user.userId, run, { activity_type: 'trail_run' }, walk.version);
    const pace = atIngest!.movingTime! / (atIngest!.distance! / 1000);
    expect(again).toMatchObject({ activityType: 'trail_run', loadMethod: 'pace' });
    expect(again.trainingLoad).toBeCloseTo(((atIngest!.movingTime! * (300 / pace) ** 2) / 3600) * 100, 9);
  });
});

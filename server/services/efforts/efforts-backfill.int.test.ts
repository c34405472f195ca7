import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { activityEfforts, activityEffortVersions, jobs } from '@/db/schema';
import { parseActivityFile } from '@/server/formats';
import { EFFORTS_ALGORITHM_VERSION } from '@/server/formats/metrics/activity-efforts';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { prepareActivity } from '@/server/services/ingestion/prepare-activity';
import { getJobOrThrow } from '@/server/job-queue/get-job-or-throw';
import { ingestActivities } from '../ingestion/ingest-activities';
import { getActivityBestEfforts } from './get-activity-best-efforts';
import { queueEffortsBackfill } from './queue-efforts-backfill';

describe.each(testEngines())('the efforts backfill on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    useTestEnv();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(() => database.close());

  it('CONTRACT: … Best efforts and records: activities stored before the feature or by an older algorithm are recomputed once, with progress like an import', async () => {
    const user = await signedInUser(database.db);
    const files = ['tcx/garmin_fr305_run_23laps.tcx', 'fit/zwift_virtual_ride.fit', 'fit/tomtom_run.fit'];
    const ids: number[] = [];
    for (const file of files) {
      const parsed = await parseActivityFile(readCorpusFile(file), file);
      const [inserted] = await ingestActivities(database.db, user.userId, parsed.map(prepareActivity), { source: 'upload' }, { awaitSubscribers: true });
      ids.push(inserted!.row.id);
    }
    const atIngest = await Promise.all(ids.map((id) => getActivityBestEfforts(database.db, user.userId, id)));
    // as before the feature (no rows, no version), and one of an older algorithm with a stale figure
    await database.db.delete(activityEfforts).where(inArray(activityEfforts.activityId, ids.slice(0, 2)));
    await database.db.delete(activityEffortVersions).where(inArray(activityEffortVersions.activityId, ids.slice(0, 2)));
    await database.db
      .update(activityEffortVersions)
      .set({ algorithmVersion: EFFORTS_ALGORITHM_VERSION - 1 })
      .where(eq(activityEffortVersions.activityId, ids[2]!));
    await database.db.update(activityEfforts).set({ value: 1 }).where(eq(activityEfforts.activityId, ids[2]!));
    // and a row the algorithm no longer gives (no curve has a 7 s duration): the backfill removes it
    await database.db.insert(activityEfforts).values({ activityId: ids[2]!, userId: user.userId, kind: 'power', measure: 7, value: 999, startOffset: null });

    const queued = (await queueEffortsBackfill(database.db)).filter((j) => j.userId === user.userId);
    expect(queued).toHaveLength(1);
    // while it is queued, starting again (another instance) queues nothing more for this user
    expect((await queueEffortsBackfill(database.db)).filter((j) => j.userId === user.userId)).toEqual([]);

    await new EmbeddedRunner(database.db).drain();
    const job = await getJobOrThrow(database.db, user.userId, queued[0]!.id);
    expect({ status: job.status, error: job.error, attempts: job.attempts }).toMatchObject({ status: 'succeeded' });
    expect(job.progress).toMatchObject({ total: 3, done: 3 });
    expect(await Promise.all(ids.map((id) => getActivityBestEfforts(database.db, user.userId, id)))).toEqual(atIngest);
    const versions = await database.db.select().from(activityEffortVersions).where(inArray(activityEffortVersions.activityId, ids));
    expect(versions.map((v) => v.algorithmVersion)).toEqual([EFFORTS_ALGORITHM_VERSION, EFFORTS_ALGORITHM_VERSION, EFFORTS_ALGORITHM_VERSION]);

    // once done, a restart queues nothing
    expect((await queueEffortsBackfill(database.db)).filter((j) => j.userId === user.userId)).toEqual([]);
    const all = await database.db.select().from(jobs).where(eq(jobs.userId, user.userId));
    expect(all.map((j) => j.kind)).toEqual(['efforts_backfill']);
  });
});

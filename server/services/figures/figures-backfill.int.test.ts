import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { activities, activityEfforts, activityLaps, activityLoads, activityStreams, jobs } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { settleEvents } from '@/server/events/activity-created';
import { FIGURES_ALGORITHM_VERSION } from '@/server/formats/figures-version';
import { CORPUS_DIR } from '@/server/formats/test-support/corpus';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { getJobOrThrow } from '@/server/job-queue/get-job-or-throw';
import { useDatabaseForTests } from '@/server/runtime';
import { originalAbsolutePath } from '@/server/stored-files/originals';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { activityRecord } from '../activities/activity-record';
import { getActivityStreams } from '../activities/get-activity-streams';
import { listActivityLaps } from '../activities/list-activity-laps';
import { updateActivity } from '../activities/update-activity';
import { getActivityBestEfforts } from '../efforts/get-activity-best-efforts';
import { createActivitiesFromUpload } from '../uploads/create-activities-from-upload';
import { queueFiguresBackfill } from './queue-figures-backfill';

const dataDir = mkdtempSync(join(tmpdir(), 'stride-figures-backfill-'));
setEnvForTests({ SECRET_KEY: 'x'.repeat(32), DATA_DIR: dataDir });

/** what the owner may set, and when the record last changed: the rest is what the file gives */
const OWNER_SET = ['name', 'description', 'visibility', 'activity_type', 'activity_type_source', 'exclude_from_records', 'updated_at'];

const FILES = ['fit/garmin_edge500_ride_3h31.fit', 'gpx/strava_export_run_hr_cad_temp.gpx', 'fit/tomtom_run.fit'];

describe.each(testEngines())('the figures backfill on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(async () => {
    await settleEvents();
    await database.close();
  });

  const upload = async (userId: number, file: string, n: number) => {
    const path = join(dataDir, `received-${engine}-${n}`);
    copyFileSync(join(CORPUS_DIR, file), path);
    const sha256 = createHash('sha256').update(readFileSync(path)).digest('hex');
    const { activities: stored } = await createActivitiesFromUpload(database.db, userId, { path, filename: file.split('/').pop()!, sha256 });
    return stored[0]!.id;
  };

  it(
    'CONTRACT: Real history …: activities made by an older figures algorithm are read again from their originals, owner edits kept, once across starts',
    { timeout: 120_000 },
    async () => {
      const user = await signedInUser(database.db);
      const ids = [];
      for (const [n, file] of FILES.entries()) ids.push(await upload(user.userId, file, n));
      await settleEvents();
      const snapshot = async (id: number) => {
        const [row] = await database.db.select().from(activities).where(eq(activities.id, id));
        const figures = Object.fromEntries(Object.entries(activityRecord(row!)).filter(([key]) => !OWNER_SET.includes(key))) as Record<string, unknown> & {
          version: number;
        };
        return {
          figures,
          laps: await listActivityLaps(database.db, user.userId, id),
          streams: await getActivityStreams(database.db, user.userId, id),
          efforts: await getActivityBestEfforts(database.db, user.userId, id),
          loads: await database.db.select().from(activityLoads).where(eq(activityLoads.activityId, id)),
        };
      };
      const atIngest = await Promise.all(ids.map(snapshot));

      // the owner's edits on the first, before the rule changed
      const edits = { name: 'Ride with Ann', description: 'windy', visibility: 'public', activity_type: 'gravel_ride', exclude_from_records: true } as const;
      await updateActivity(database.db, user.userId, ids[0]!, edits, undefined);
      // as an older algorithm left them: other figures, no laps, another distance stream, wrong efforts and load inputs
      await database.db
        .update(activities)
        .set({ figuresVersion: FIGURES_ALGORITHM_VERSION - 1, distance: 1, movingTime: 2, maxSpeed: 99, elevationGain: 5000, trainingLoad: 1 })
        .where(inArray(activities.id, ids));
      await database.db.delete(activityLaps).where(inArray(activityLaps.activityId, ids));
      await database.db
        .update(activityStreams)
        .set({ distance: [0] })
        .where(inArray(activityStreams.activityId, ids));
      await database.db.update(activityEfforts).set({ value: 1 }).where(inArray(activityEfforts.activityId, ids));
      await database.db.update(activityLoads).set({ powerSeconds: 1, hrSeconds: null }).where(inArray(activityLoads.activityId, ids));
      // the third's original is gone: it keeps what it has, and is not tried again
      const [third] = await database.db.select().from(activities).where(eq(activities.id, ids[2]!));
      rmSync(originalAbsolutePath(third!.originalPath!));

      const queued = (await queueFiguresBackfill(database.db)).filter((j) => j.userId === user.userId);
      expect(queued.map((j) => j.kind)).toEqual(['figures_backfill']);
      // another instance starting meanwhile queues nothing more for this user
      expect((await queueFiguresBackfill(database.db)).filter((j) => j.userId === user.userId)).toEqual([]);

      await new EmbeddedRunner(database.db).drain();
      const job = await getJobOrThrow(database.db, user.userId, queued[0]!.id);
      expect({ status: job.status, error: job.error }).toEqual({ status: 'succeeded', error: null });
      expect(job.progress).toMatchObject({ total: 3, done: 3, created: 2, skipped: 1 });

      const after = await Promise.all(ids.map(snapshot));
      // the second is again exactly what an upload makes of its file today
      expect(after[1]).toEqual({ ...atIngest[1], figures: { ...atIngest[1]!.figures, version: atIngest[1]!.figures.version + 1 } });
      // the first too, beside the owner's edits (its type is the owner's, so its record and load follow that)
      const [first] = await database.db.select().from(activities).where(eq(activities.id, ids[0]!));
      expect(activityRecord(first!)).toMatchObject({ ...edits, activity_type_source: 'user' });
      expect(after[0]!.laps).toEqual(atIngest[0]!.laps);
      expect(after[0]!.streams).toEqual(atIngest[0]!.streams);
      expect(after[0]!.efforts).toEqual(atIngest[0]!.efforts);
      expect(after[0]!.loads).toEqual(atIngest[0]!.loads);
      const { version: _v, ...firstFigures } = after[0]!.figures;
      const { version: _w, ...ingestFigures } = atIngest[0]!.figures;
      expect(firstFigures).toEqual(ingestFigures);
      // the third keeps what it had and is current
      expect(third).toMatchObject({ distance: 1, movingTime: 2 });
      const [thirdAfter] = await database.db.select().from(activities).where(eq(activities.id, ids[2]!));
      expect(thirdAfter).toMatchObject({ distance: 1, movingTime: 2, figuresVersion: FIGURES_ALGORITHM_VERSION });

      // once done, a restart queues nothing
      expect((await queueFiguresBackfill(database.db)).filter((j) => j.userId === user.userId)).toEqual([]);
      const all = await database.db.select().from(jobs).where(eq(jobs.userId, user.userId));
      expect(all.map((j) => j.kind)).toEqual(['figures_backfill']);
    },
  );
});

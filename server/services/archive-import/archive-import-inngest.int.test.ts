import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobEventName } from '@/server/job-queue/inngest-client';
import { archiveImportFunction } from '@/inngest/functions/archive-import';
import { activities, jobs, users } from '@/db/schema';
import { writeZip } from '@/server/formats/archive/test-support/zip-writer';
import { CORPUS_DIR } from '@/server/formats/test-support/corpus';
import { useDatabaseForTests } from '@/server/runtime';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { enqueueArchiveImport } from './start-archive-import';

// STYLE rule 8: the archive_import body is written once; under Inngest (@inngest/test runs the
// real function with its own step tools) it imports the same way and keeps the job row ours.

describe.each(testEngines())('archive_import as an Inngest function on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    useTestEnv();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(() => database.close());

  it('runs the real body step by step (prepare, then batches) and the job succeeds with its counts', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ username: `inngest-import-${engine}` })
      .returning();
    const path = join(mkdtempSync(join(tmpdir(), 'stride-inngest-')), 'export.zip');
    await writeZip(path, [
      {
        name: 'activities.csv',
        data: Buffer.from(
          'Filename,Activity ID,Activity Name,Activity Description,Activity Type,Activity Date,Activity Gear,Media\nactivities/9.gpx,9,Lunch Run,,Run,"Dec 1, 2015, 8:11:32 PM",,\n',
        ),
      },
      { name: 'activities/9.gpx', data: readFileSync(join(CORPUS_DIR, 'gpx/strava_export_run_hr_cad_temp.gpx')) },
    ]);
    const job = await enqueueArchiveImport(database.db, user!.id, [path]);
    const t = new InngestTestEngine({ function: archiveImportFunction, events: [{ name: jobEventName('archive_import'), data: { job_id: job.id } }] });
    const { result, ctx } = await t.execute();
    expect(result).toBe('succeeded');
    expect(ctx.step.run).toHaveBeenCalledWith('prepare 0', expect.any(Function));
    expect(ctx.step.run).toHaveBeenCalledWith('import 0:0', expect.any(Function));
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: 'succeeded', progress: { total: 1, done: 1, created: 1, skipped: 0, failed: 0 } });
    expect(await database.db.select({ name: activities.name }).from(activities).where(eq(activities.userId, user!.id))).toEqual([{ name: 'Lunch Run' }]);
  });
});

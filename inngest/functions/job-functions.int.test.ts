import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, users, type JobKind } from '@/db/schema';
import { AppError } from '@/server/errors';
import { enqueueJob } from '@/server/job-queue/enqueue-job';
import { setJobBodyForTests } from '@/server/jobs/job-bodies';
import { journalJob } from '@/server/jobs/test-support/journal-job';
import { readJournal } from '@/server/jobs/test-support/step-journal';
import { useDatabaseForTests } from '@/server/runtime';
import { openTestDatabase, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { jobEventName } from '@/server/job-queue/inngest-client';
import { functions } from './index';
import { accountExportFunction } from './account-export';
import { effortsBackfillFunction } from './efforts-backfill';
import { archiveImportFunction } from './archive-import';
import { inboxImportFunction } from './inbox-import';
import { loadRecomputeFunction } from './load-recompute';
import { userFilesDeleteFunction } from './user-files-delete';
import { providerSyncFunction } from './provider-sync';
import { routeBackfillFunction } from './route-backfill';
import { explorerBackfillFunction } from './explorer-backfill';
import { figuresBackfillFunction } from './figures-backfill';
import { segmentMatchFunction } from './segment-match';
import { stravaPushFunction } from './strava-push';
import { webhookDeliveryFunction } from './webhook-delivery';

// The Inngest functions run the same job bodies as the embedded runner, under Inngest's own step
// tools (@inngest/test executes the real function with memoized steps), and keep the job row ours.

const KINDS: [JobKind, (typeof functions)[number]][] = [
  ['provider_sync', providerSyncFunction],
  ['archive_import', archiveImportFunction],
  ['account_export', accountExportFunction],
  ['efforts_backfill', effortsBackfillFunction],
  ['webhook_delivery', webhookDeliveryFunction],
  ['strava_push', stravaPushFunction],
  ['inbox_import', inboxImportFunction],
  ['route_backfill', routeBackfillFunction],
  ['load_recompute', loadRecomputeFunction],
  ['user_files_delete', userFilesDeleteFunction],
  ['explorer_backfill', explorerBackfillFunction],
  ['figures_backfill', figuresBackfillFunction],
  ['segment_match', segmentMatchFunction],
];

describe('Inngest job functions', () => {
  let database: TestDatabase;
  let userId: number;
  const jobRow = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  beforeAll(async () => {
    useTestEnv();
    database = await openTestDatabase('pglite');
    useDatabaseForTests(database);
    userId = (await database.db.insert(users).values({ username: 'inngest-user' }).returning())[0]!.id;
  });
  afterAll(async () => {
    for (const [kind] of KINDS) setJobBodyForTests(kind, undefined);
    await database.close();
  });

  it('one function per job kind is served', () => {
    expect(functions).toHaveLength(13);
    expect(functions.map((f) => f.id())).toEqual([
      'provider-sync',
      'archive-import',
      'account-export',
      'efforts-backfill',
      'webhook-delivery',
      'strava-push',
      'inbox-import',
      'route-backfill',
      'explorer-backfill',
      'figures-backfill',
      'segment-match',
      'load-recompute',
      'user-files-delete',
    ]);
  });

  it('webhook deliveries run in their own lane, as under the embedded runner: two at a time, one per user', () => {
    expect(webhookDeliveryFunction.opts.concurrency).toEqual([{ limit: 2 }, { limit: 1, key: 'event.data.user_id' }]);
    for (const [kind, fn] of KINDS) if (kind !== 'webhook_delivery') expect(fn.opts.concurrency).toBeUndefined();
  });

  it.each(KINDS)('%s: the function runs the registered body step by step and the job row succeeds', async (kind, fn) => {
    setJobBodyForTests(kind, journalJob);
    const job = await enqueueJob(database.db, { kind, userId, payload: { steps: 3, userId } });
    const t = new InngestTestEngine({ function: fn, events: [{ name: jobEventName(kind), data: { job_id: job.id, user_id: userId } }] });
    const { result, ctx } = await t.execute();
    expect(result).toBe('succeeded');
    expect(ctx.step.run).toHaveBeenCalledWith('step 1', expect.any(Function));
    expect(await readJournal(database.db, userId, job.id)).toEqual(['step 1', 'step 2', 'step 3']);
    expect(await jobRow(job.id)).toMatchObject({ status: 'succeeded', result: { steps: 3 }, progress: { total: 3, done: 3 } });
  });

  it("a quota pause is Inngest's own sleep (step.sleepUntil), then the job goes on", async () => {
    setJobBodyForTests('provider_sync', journalJob);
    const until = new Date(Date.now() + 900_000).toISOString();
    const job = await enqueueJob(database.db, { kind: 'provider_sync', userId, payload: { steps: 2, sleepAfter: 1, sleepUntil: until, userId } });
    const t = new InngestTestEngine({
      function: providerSyncFunction,
      events: [{ name: jobEventName('provider_sync'), data: { job_id: job.id, user_id: userId } }],
    });
    const { result, ctx } = await t.execute({ steps: [{ id: 'quota', handler: () => undefined }] });
    expect(result).toBe('succeeded');
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith('quota', until);
    expect(await readJournal(database.db, userId, job.id)).toEqual(['step 1', 'step 2']);
  });

  it('an AppError from the body fails the job with its problem document', async () => {
    setJobBodyForTests('archive_import', async () => {
      throw new AppError('not_found', { detail: 'The user no longer exists.' });
    });
    const job = await enqueueJob(database.db, { kind: 'archive_import', userId, payload: {} });
    const t = new InngestTestEngine({
      function: archiveImportFunction,
      events: [{ name: jobEventName('archive_import'), data: { job_id: job.id, user_id: userId } }],
    });
    const { result } = await t.execute();
    expect(result).toBe('failed');
    expect((await jobRow(job.id)).error).toMatchObject({ status: 404, type: 'urn:service:error:not-found', detail: 'The user no longer exists.' });
  });
});

import { EventEmitter } from 'node:events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@/db/schema';
import { foregroundRequestsWaiting, trackForegroundRequest } from '@/server/foreground-requests';
import { newUser } from '@/server/testing/new-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { createEmbeddedStep } from './embedded-step';
import { enqueueJob } from '@/server/job-queue/enqueue-job';

// The embedded runner's steps give way to the requests being answered (yield-to-requests.ts):
// through a real step of a real job row, the next step waits for a fresh request until it is
// answered, but never longer than YIELD_FACTOR × the step before.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RUNNER = 'yield-test-runner';

describe.each(testEngines())('embedded job steps and requests on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    useTestEnv();
    database = await openTestDatabase(engine);
  });
  afterAll(() => database.close());

  const newStep = async () => {
    const user = await newUser(database.db);
    const job = await enqueueJob(database.db, { kind: 'archive_import', userId: user.id, payload: {} });
    await database.db.update(jobs).set({ lockedBy: RUNNER }).where(eq(jobs.id, job.id));
    return createEmbeddedStep({ db: database.db, jobId: job.id, runnerId: RUNNER, isCancelled: () => false });
  };

  it('the next step starts once the request in flight is answered', async () => {
    const step = await newStep();
    // a first step of 1 s: the next may give way for up to YIELD_FACTOR seconds
    await step.run('slow', () => sleep(1_000));
    const response = new EventEmitter();
    trackForegroundRequest(response);
    let startedAt = 0;
    const next = step.run('next', () => {
      startedAt = performance.now();
      return 1;
    });
    await sleep(100);
    expect(startedAt).toBe(0);
    const answeredAt = performance.now();
    response.emit('close');
    expect(await next).toBe(1);
    expect(startedAt).toBeGreaterThanOrEqual(answeredAt);
  });

  it('under requests that keep coming the next step still runs, after its share of waiting', async () => {
    const step = await newStep();
    await step.run('quick', () => 0);
    const response = new EventEmitter();
    trackForegroundRequest(response);
    try {
      expect(await step.run('next', () => 2)).toBe(2);
      expect(foregroundRequestsWaiting()).toBe(true);
    } finally {
      response.emit('close');
    }
    expect(foregroundRequestsWaiting()).toBe(false);
  });
});

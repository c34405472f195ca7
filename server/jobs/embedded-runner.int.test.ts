import { spawn } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs, jobSteps } from '@/db/schema';
import { setClockForTests } from '@/server/clock';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { CHILD_PROCESS_TEST_TIMEOUT_MS, waitUntil } from '@/server/testing/wait-until';
import { EmbeddedRunner } from './embedded-runner';
import { enqueueJob } from '@/server/job-queue/enqueue-job';
import { setJobBodyForTests } from './job-bodies';
import { journalJob, type JournalPayload } from './test-support/journal-job';
import { readJournal } from './test-support/step-journal';
import { newUser as newTestUser } from '@/server/testing/new-user';

describe.each(testEngines())('embedded job runner on %s', (engine) => {
  let database: TestDatabase;
  const newUser = () => newTestUser(database.db);
  const start = async (payload: JournalPayload) => {
    const user = await newUser();
    const job = await enqueueJob(database.db, { kind: 'archive_import', userId: user.id, payload: { ...payload, userId: user.id } });
    return { user, job };
  };
  const jobRow = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
  const runner = (options: ConstructorParameters<typeof EmbeddedRunner>[1] = {}) => new EmbeddedRunner(database.db, { pollMs: 20, ...options });

  beforeAll(async () => {
    useTestEnv();
    database = await openTestDatabase(engine);
    setJobBodyForTests('archive_import', journalJob);
  });
  afterAll(async () => {
    setJobBodyForTests('archive_import', undefined);
    await database.close();
  });
  afterEach(() => setClockForTests(undefined));

  it('runs a queued job to success: every step once, progress and result stored, finished times set', async () => {
    const { user, job } = await start({ steps: 3 });
    expect(job.status).toBe('queued');
    expect(await runner().drain()).toBe(1);
    const done = await jobRow(job.id);
    expect(done).toMatchObject({ status: 'succeeded', result: { steps: 3 }, progress: { total: 3, done: 3, created: 3 }, lockedBy: null });
    expect(done.startedAt).toBeInstanceOf(Date);
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(await readJournal(database.db, user.id, job.id)).toEqual(['step 1', 'step 2', 'step 3']);
    expect(await runner().drain()).toBe(0);
  });

  it('a failing attempt is retried after a backoff, replaying stored steps without running them again', async () => {
    const t0 = Date.parse('2026-01-01T10:00:00Z');
    setClockForTests(t0);
    const { user, job } = await start({ steps: 3, failInStep: 2, failTimes: 1 });
    await runner().drain();
    expect(await jobRow(job.id)).toMatchObject({ status: 'running', attempts: 1, lockedBy: null });
    expect(await runner().drain()).toBe(0); // not due before its backoff
    setClockForTests(t0 + 6_000);
    await runner().drain();
    expect(await jobRow(job.id)).toMatchObject({ status: 'succeeded' });
    expect(await readJournal(database.db, user.id, job.id)).toEqual(['step 1', 'step 2', 'step 3']);
  });

  it('a job that keeps failing ends failed with a 500 problem after its last attempt', async () => {
    let t = Date.parse('2026-01-02T10:00:00Z');
    setClockForTests(() => t);
    const { job } = await start({ steps: 2, failInStep: 1, failTimes: 99 });
    for (let i = 0; i < 3; i += 1) {
      await runner({ maxAttempts: 3 }).drain();
      t += 60_000;
    }
    const failed = await jobRow(job.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ type: 'urn:service:error:internal-error', status: 500 });
    expect(failed.error?.detail).not.toContain('planned failure');
  });

  it('sleepUntil pauses the job without holding it and resumes it when due, skipping finished steps', async () => {
    const t0 = Date.parse('2026-01-03T10:00:00Z');
    setClockForTests(t0);
    const until = new Date(t0 + 900_000).toISOString();
    const { user, job } = await start({ steps: 3, sleepAfter: 1, sleepUntil: until });
    await runner().drain();
    const paused = await jobRow(job.id);
    expect(paused).toMatchObject({ status: 'running', lockedBy: null });
    expect(paused.runAfter.toISOString()).toBe(until);
    expect(await readJournal(database.db, user.id, job.id)).toEqual(['step 1']);
    setClockForTests(t0 + 899_000);
    expect(await runner().drain()).toBe(0);
    setClockForTests(t0 + 900_000);
    await runner().drain();
    expect(await jobRow(job.id)).toMatchObject({ status: 'succeeded' });
    expect(await readJournal(database.db, user.id, job.id)).toEqual(['step 1', 'step 2', 'step 3']);
  });

  it('a job held by an instance that died is taken over once its lease runs out, each step stored once', async () => {
    const t0 = Date.parse('2026-01-04T10:00:00Z');
    setClockForTests(t0);
    const { user, job } = await start({ steps: 4 });
    // An instance claimed the job and vanished; its lease is still in the future.
    const first = runner({ runnerId: 'first' });
    await database.db.execute(
      sql`update ${jobs} set status = 'running', locked_by = 'dead', lease_until = ${new Date(t0 + 30_000).toISOString()}::timestamptz where id = ${job.id}`,
    );
    expect(await first.drain()).toBe(0); // the lease still holds
    setClockForTests(t0 + 31_000);
    await first.drain();
    expect(await jobRow(job.id)).toMatchObject({ status: 'succeeded', lockedBy: null });
    expect(await readJournal(database.db, user.id, job.id)).toEqual(['step 1', 'step 2', 'step 3', 'step 4']);
  });

  it('two runners draining at once never run one job twice', async () => {
    const started = await Promise.all(Array.from({ length: 6 }, () => start({ steps: 2 })));
    const [a, b] = [runner({ runnerId: 'a' }), runner({ runnerId: 'b' })];
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(6);
    for (const { user, job } of started) {
      expect(await readJournal(database.db, user.id, job.id)).toEqual(['step 1', 'step 2']);
      expect((await jobRow(job.id)).status).toBe('succeeded');
    }
  });

  it('the running loop picks up a job enqueued while it waits, and stop() hands running work back', async () => {
    const loop = runner({ pollMs: 60_000 });
    loop.start();
    const { user, job } = await start({ steps: 2 });
    loop.wake();
    await waitUntil(async () => (await jobRow(job.id)).status === 'succeeded', 60_000, 'the loop to finish the job it was woken for');
    await loop.stop();
    expect(await readJournal(database.db, user.id, job.id)).toEqual(['step 1', 'step 2']);
  });

  it.runIf(engine === 'postgres')(
    'an instance killed inside a step: another instance finishes the job with every step once',
    async () => {
      const { user, job } = await start({ steps: 5, killInStep: 3 });
      let stderr = '';
      const exit = await new Promise<NodeJS.Signals | null>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/jobs/test-support/crashing-runner.ts', database.url!], {
          env: { ...process.env, STRIDE_JOB_TEST_KILL: '1' },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (_code, signal) => resolve(signal));
      });
      // a child that ended by itself says why on stderr
      expect(exit, stderr).toBe('SIGKILL');
      const orphan = await jobRow(job.id);
      expect(orphan).toMatchObject({ status: 'running', lockedBy: 'doomed-instance' });
      expect(await readJournal(database.db, user.id, job.id)).toEqual(['step 1', 'step 2']);
      const steps = await database.db.select().from(jobSteps).where(eq(jobSteps.jobId, job.id));
      expect(steps.map((s) => s.name).sort()).toEqual(['progress', 'progress:1', 'step 1', 'step 2']);
      // The survivor takes the job over once the dead instance's lease has run out.
      setClockForTests(orphan.leaseUntil!.getTime() + 1);
      await runner({ runnerId: 'survivor' }).drain();
      expect(await jobRow(job.id)).toMatchObject({ status: 'succeeded' });
      expect(await readJournal(database.db, user.id, job.id)).toEqual(['step 1', 'step 2', 'step 3', 'step 4', 'step 5']);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );
});

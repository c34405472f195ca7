import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { activities, jobs } from '@/db/schema';
import { env } from '@/server/env';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { setClockForTests } from '@/server/clock';
import { testEngines } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { CHILD_PROCESS_TEST_TIMEOUT_MS, childEnded, waitUntil } from '@/server/testing/wait-until';
import { queueChildImport } from './test-support/child-import';
import { storedFiles } from './test-support/stored-files';

// "killing the server in the middle of an import and starting it again finishes
// the job with every activity stored exactly once". A real child process runs the job and is
// SIGKILLed once it has begun storing activities; a second runner (this process) takes the job
// over after the lease and finishes it. On PGlite the data directory is on disk and reopened after
// the kill (one process at a time may hold it).

const ORIGINALS_BEFORE_KILL = 3;

describe.each(testEngines())('archive import killed mid-way on %s', (engine) => {
  let database: Database | undefined;
  afterEach(async () => {
    setClockForTests(undefined);
    await database?.close();
    database = undefined;
  });

  it(
    'a second runner finishes the job of a SIGKILLed one; every activity is stored exactly once and counted once',
    async () => {
      useTestEnv();
      // the files under 1 MB (the three biggest only make the test slower); the kill comes inside
      // the first batch step, so the replay re-runs a step whose first items are already stored
      const queued = await queueChildImport(engine, 'crash', 1024 * 1024);
      ({ database } = queued);
      const { user, built, job } = queued;
      const child = spawn(process.execPath, queued.runnerArgs, { stdio: 'ignore' });
      const originals = join(env().DATA_DIR, 'originals', String(user.id));
      const storedOriginals = () => {
        try {
          return readdirSync(originals).length;
        } catch {
          return 0;
        }
      };
      await waitUntil(() => storedOriginals() >= ORIGINALS_BEFORE_KILL, 150_000, `${ORIGINALS_BEFORE_KILL} originals on disk`, childEnded(child));
      child.kill('SIGKILL');
      await once(child, 'exit');

      database = await queued.reopen();
      const { db } = database;
      const killed = (await db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!;
      expect(killed.status).toBe('running');
      expect(killed.lockedBy).toBe('doomed-instance');

      setClockForTests(Date.now() + 120_000); // the dead instance's lease has run out
      expect(await new EmbeddedRunner(db, { pollMs: 20 }).drain()).toBe(1);
      const done = (await db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!;
      expect(done.status).toBe('succeeded');

      const stored = await db.select().from(activities).where(eq(activities.userId, user.id));
      expect(stored).toHaveLength(built.assignments.length);
      expect(new Set(stored.map((a) => a.dedupKey)).size).toBe(stored.length);
      expect(done.progress).toMatchObject({ total: built.manifestRows, done: built.manifestRows, created: stored.length });
      expect([...done.activityIds].sort((a, b) => a - b)).toEqual(stored.map((a) => a.id).sort((a, b) => a - b));
      // the file the killed run wrote for an item it had not committed was written again, not beside
      const files = await storedFiles(db, user.id);
      expect(files.onDisk).toEqual(files.referenced);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );
});

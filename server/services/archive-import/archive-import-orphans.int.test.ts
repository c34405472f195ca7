import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { activities, jobs, users } from '@/db/schema';
import { env } from '@/server/env';
import { CORPUS_DIR } from '@/server/formats/test-support/corpus';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { setClockForTests } from '@/server/rate-limit/clock';
import { openTestDatabase } from '@/server/testing/test-database';
import { useTestEnv as applyTestEnv } from '@/server/testing/test-env';
import { CHILD_PROCESS_TEST_TIMEOUT_MS, childEnded, waitUntil } from '@/server/testing/wait-until';
import { USER_ACTIVITY_LOCK } from '../ingestion/insert-parsed-activities';
import { enqueueArchiveImport } from './start-archive-import';
import { writeCorpusExport } from './test-support/corpus-export';
import { storedFiles } from './test-support/stored-files';

// Issue 12: a process killed after writing an item's original (and photos) but before that item's
// transaction commits must not leave an orphan file once the job is replayed. The kill lands in
// that window for certain: this test holds the per-user advisory lock every activity insert takes
// first, so the child writes the first original and then waits inside its transaction. Only
// PostgreSQL lets another process hold that lock (PGlite's database lives inside the one process
// that opened it); on PGlite the kill-and-restart test checks the same files-equal-rows invariant.

/**
 * This user's activity lock (pg_advisory_xact_lock(USER_ACTIVITY_LOCK, userId): classid, objid,
 * objsubid 2), awaited in this test's database by the backend named `applicationName`: other test
 * files take advisory locks of their own on the same server, so nothing less tells the child's wait.
 */
async function childWaitsForUserLock(sql: postgres.ReservedSql, applicationName: string, userId: number): Promise<boolean> {
  const [row] = await sql`
    select count(*)::int as n
    from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and not l.granted
      and l.database = (select oid from pg_database where datname = current_database())
      and l.classid = ${USER_ACTIVITY_LOCK} and l.objid = ${userId} and l.objsubid = 2
      and a.application_name = ${applicationName}`;
  return row!.n === 1;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('archive import killed between an original and its commit (postgres)', () => {
  let database: Database | undefined;
  afterEach(async () => {
    setClockForTests(undefined);
    await database?.close();
    database = undefined;
  });

  it(
    'the replay writes the same files again: no orphan, every row has its file',
    async () => {
      applyTestEnv();
      database = await openTestDatabase('postgres');
      const { db } = database;
      const [user] = await db.insert(users).values({ username: 'orphans' }).returning();
      const archive = join(mkdtempSync(join(tmpdir(), 'stride-orphans-')), 'export.zip');
      const built = await writeCorpusExport(archive, { include: (file) => statSync(join(CORPUS_DIR, file)).size < 256 * 1024 });
      const job = await enqueueArchiveImport(db, user!.id, [archive]);

      const holder = postgres(database.url!, { max: 1, onnotice: () => {} });
      const held = await holder.reserve();
      await held`select pg_advisory_lock(${USER_ACTIVITY_LOCK}, ${user!.id})`;
      // the child's connections carry a name of their own, so the lock wait below is the child's
      const applicationName = `stride-orphans-${process.pid}-${user!.id}`;
      const childUrl = new URL(database.url!);
      childUrl.searchParams.set('application_name', applicationName);
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'server/services/archive-import/test-support/import-runner-process.ts', childUrl.toString(), env().DATA_DIR],
        { stdio: 'ignore' },
      );
      try {
        await waitUntil(
          () => childWaitsForUserLock(held, applicationName, user!.id),
          150_000,
          "the child's wait for this user's activity lock",
          childEnded(child),
        );
        // the original is written before the item's transaction asks for the lock
        await waitUntil(async () => (await storedFiles(db, user!.id)).onDisk.originals.length > 0, 30_000, 'the first original on disk', childEnded(child));
        const killedMidItem = await storedFiles(db, user!.id);
        expect(killedMidItem.onDisk.originals).toHaveLength(1);
        expect(killedMidItem.referenced.originals).toEqual([]);
        child.kill('SIGKILL');
        await once(child, 'exit');
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
        held.release();
        await holder.end({ timeout: 5 });
      }

      setClockForTests(Date.now() + 120_000); // the dead instance's lease has run out
      expect(await new EmbeddedRunner(db, { pollMs: 20 }).drain()).toBe(1);
      expect((await db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!.status).toBe('succeeded');
      const stored = await db.select().from(activities).where(eq(activities.userId, user!.id));
      expect(stored).toHaveLength(built.assignments.length);
      const files = await storedFiles(db, user!.id);
      expect(files.onDisk).toEqual(files.referenced);
      expect(files.onDisk.originals).toHaveLength(stored.length);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );
});

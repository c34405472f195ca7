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
import { USER_ACTIVITY_LOCK } from '../activities/insert-parsed-activities';
import { enqueueArchiveImport } from './start-archive-import';
import { writeCorpusExport } from './test-support/corpus-export';
import { storedFiles } from './test-support/stored-files';

// Issue 12: a process killed after writing an item's original (and photos) but before that item's
// transaction commits must not leave an orphan file once the job is replayed. The kill lands in
// that window for certain: this test holds the per-user advisory lock every activity insert takes
// first, so the child writes the first original and then waits inside its transaction. Only
// PostgreSQL lets another process hold that lock (PGlite's database lives inside the one process
// that opened it); on PGlite the kill-and-restart test checks the same files-equal-rows invariant.

async function until(condition: () => Promise<boolean> | boolean, child: ReturnType<typeof spawn>): Promise<void> {
  while (!(await condition())) {
    if (child.exitCode !== null) throw new Error(`the import process ended (${child.exitCode}) before it could be killed`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('archive import killed between an original and its commit (postgres)', () => {
  let database: Database | undefined;
  afterEach(async () => {
    setClockForTests(undefined);
    await database?.close();
    database = undefined;
  });

  it('the replay writes the same files again: no orphan, every row has its file', async () => {
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
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/services/archive-import/test-support/import-runner-process.ts', database.url!, env().DATA_DIR],
      { stdio: 'ignore' },
    );
    try {
      const waitingForLock = async () => (await held`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`)[0]!.n === 1;
      await until(waitingForLock, child);
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
  }, 240_000);
});

import { copyFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { jobs, users } from '../db/schema';
import { EmbeddedRunner } from '../server/jobs/embedded-runner';
import { enqueueJob } from '../server/jobs/enqueue-job';
import type { AccountExportPayload, AccountExportResult } from '../server/jobs/account-export';
import { database } from '../server/runtime';
import { exportAbsolutePath } from '../server/services/account-export/export-files';

// npm run export -- --user <name> <path>
// For administrators moving an instance (issue 19): exports one account with the same job body as
// POST /profile/export, run here by the embedded runner, and copies the zip to <path>. No step-up:
// whoever runs this already holds the database. With the embedded database, stop the server first
// (one process may open a PGlite directory); on PostgreSQL it may keep running (if another
// instance claims the job first, this waits for it).

const { values, positionals } = parseArgs({ options: { user: { type: 'string' } }, allowPositionals: true });
if (!values.user || positionals.length !== 1) {
  console.error('usage: npm run export -- --user <name> <path>');
  process.exit(2);
}

const opened = await database();
const { db } = opened;
try {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${values.user})`);
  if (!user) throw new Error(`no user named "${values.user}"`);
  const payload: AccountExportPayload = { userId: user.id };
  const job = await enqueueJob(db, { kind: 'account_export', userId: user.id, payload: { ...payload } });
  console.log(`export job ${job.id} for ${user.username}…`);
  await new EmbeddedRunner(db).drain();
  for (;;) {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    if (row!.status === 'failed') throw new Error(`the export failed: ${row!.error?.detail ?? 'unknown error'}`);
    if (row!.status === 'succeeded') {
      const result = row!.result as AccountExportResult;
      const target = resolve(positionals[0]!);
      await copyFile(exportAbsolutePath(result.path), target);
      console.log(`wrote ${target}: ${result.activities} activities, ${result.bytes} bytes`);
      break;
    }
    await sleep(1_000);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await opened.close();
}

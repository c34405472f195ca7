import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { jobs, users, type JobRow } from '../db/schema';
import { EmbeddedRunner } from '../server/jobs/embedded-runner';
import { database } from '../server/runtime';
import { enqueueArchiveImport } from '../server/services/archive-import/start-archive-import';
import { loadConfig } from './load-config';

// `npm run import -- --user <name> <path>`: imports a Strava export (zip or unpacked folder) for
// one user through the same archive-import job the API starts, run here by an embedded runner in
// this process, with a progress bar and the final counts. With the embedded database (no
// DATABASE_URL) stop the server first: one process at a time may open DATA_DIR/pgdata.

const USAGE = 'usage: npm run import -- --user <username> <export.zip | export folder>';
const POLL_MS = 250;
const BAR = 30;
const MESSAGES_PER_CODE = 5;

function progressLine(job: JobRow): string {
  const { total, done, created, skipped, failed } = job.progress;
  const filled = total ? Math.round((done / total) * BAR) : 0;
  const percent = total ? Math.floor((done / total) * 100) : 0;
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${String(percent).padStart(3)}% ${done}/${total}  created ${created}  skipped ${skipped}  failed ${failed}`;
}

/** Item messages by code (a real export may list thousands), then the first few of each. */
function printMessages(job: JobRow): void {
  const byCode = new Map<string, JobRow['errors']>();
  for (const error of job.errors) byCode.set(error.code, [...(byCode.get(error.code) ?? []), error]);
  for (const [code, errors] of byCode) {
    console.log(`${errors.length} × ${code}`);
    for (const error of errors.slice(0, MESSAGES_PER_CODE)) console.log(`  ${error.item}: ${error.detail}`);
    if (errors.length > MESSAGES_PER_CODE) console.log(`  … and ${errors.length - MESSAGES_PER_CODE} more`);
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { user: { type: 'string' } }, allowPositionals: true });
  if (!values.user || positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  loadConfig();
  const { db, close } = await database();
  try {
    const [user] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${values.user})`);
    if (!user) {
      console.error(`No user named "${values.user}".`);
      return 1;
    }
    const job = await enqueueArchiveImport(db, user.id, [resolve(positionals[0]!)]);
    console.log(`Importing ${positionals[0]} for ${user.username} (job ${job.id})`);
    const runner = new EmbeddedRunner(db, { pollMs: POLL_MS });
    runner.start();
    let row = job;
    while (row.status === 'queued' || row.status === 'running') {
      await new Promise((r) => setTimeout(r, POLL_MS));
      [row] = await db.select().from(jobs).where(eq(jobs.id, job.id)) as [JobRow];
      if (process.stdout.isTTY) process.stdout.write(`\r${progressLine(row)}`);
    }
    await runner.stop();
    console.log(`${process.stdout.isTTY ? '\n' : ''}${progressLine(row)}`);
    printMessages(row);
    if (row.status === 'failed') {
      console.error(`The import failed: ${row.error?.detail ?? 'unknown error'}`);
      return 1;
    }
    console.log(`Done: ${row.progress.created} created, ${row.progress.skipped} skipped, ${row.progress.failed} failed.`);
    return 0;
  } finally {
    await close();
  }
}

process.exitCode = await main();

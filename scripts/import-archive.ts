import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { jobs, type JobRow } from '../db/schema';
import type { Env } from '../server/env';
import { EmbeddedRunner } from '../server/jobs/embedded-runner';
import { database } from '../server/runtime';
import { startCliImport } from '../server/services/archive-import/cli-import';
import { handOffImport } from './import-handoff';
import { loadConfig } from './load-config';
import { followJob, POLL_MS, startOrExplain, userAndPath, type StartedJob } from './job-cli';
import { claimOrFindServer } from './server-handoff';

// `npm run import -- --user <name> <path>`: imports a Strava export (zip or unpacked folder) for
// one user through the same archive-import job the API starts, with a progress bar and the final
// counts. The embedded database can be open in one process only: when `npm start` holds it on
// this DATA_DIR, the job is handed to it (server-handoff.ts); otherwise, and always on
// PostgreSQL, this process opens the database and runs the job with its own embedded runner.

const USAGE = 'usage: npm run import -- --user <username> <export.zip | export folder>';
const BAR = 30;
const MESSAGES_PER_CODE = 5;

/** What the CLI shows of a job, read from the database or from the server. */
type JobView = Pick<JobRow, 'status' | 'progress' | 'errors'> & { error: { detail?: string } | null };

type Started = StartedJob<JobView>;

function progressLine(job: JobView): string {
  const { total, done, created, skipped, failed } = job.progress;
  const filled = total ? Math.round((done / total) * BAR) : 0;
  const percent = total ? Math.floor((done / total) * 100) : 0;
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${String(percent).padStart(3)}% ${done}/${total}  created ${created}  skipped ${skipped}  failed ${failed}`;
}

/** Item messages by code (a real export may list thousands), then the first few of each. */
function printMessages(job: JobView): void {
  const byCode = new Map<string, JobView['errors']>();
  for (const error of job.errors) byCode.set(error.code, [...(byCode.get(error.code) ?? []), error]);
  for (const [code, errors] of byCode) {
    console.log(`${errors.length} × ${code}`);
    for (const error of errors.slice(0, MESSAGES_PER_CODE)) console.log(`  ${error.item}: ${error.detail}`);
    if (errors.length > MESSAGES_PER_CODE) console.log(`  … and ${errors.length - MESSAGES_PER_CODE} more`);
  }
}

async function startHere(username: string, path: string): Promise<Started> {
  const { db, close } = await database();
  try {
    const { job, username: name } = await startCliImport(db, username, path);
    const runner = new EmbeddedRunner(db, { pollMs: POLL_MS });
    runner.start();
    return {
      id: job.id,
      username: name,
      poll: async () => ((await db.select().from(jobs).where(eq(jobs.id, job.id))) as [JobRow])[0],
      finish: () => runner.stop().finally(close),
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function start(username: string, path: string, config: Env): Promise<Started> {
  const server = config.DATABASE_URL ? null : await claimOrFindServer(config.DATA_DIR, 'import', config.CLI_SERVER_WAIT_SECONDS);
  if (!server) return startHere(username, path);
  console.log(`The server (pid ${server.pid}) holds this data directory's database: handing the import to it.`);
  const handoff = await handOffImport(server, username, path);
  return { id: handoff.job.id, username: handoff.username, poll: handoff.poll, finish: async () => {} };
}

async function main(): Promise<number> {
  const args = userAndPath(USAGE);
  if (!args) return 2;
  const config = loadConfig();
  const started = await startOrExplain(() => start(args.user, resolve(args.path), config));
  if (!started) return 1;
  try {
    console.log(`Importing ${args.path} for ${started.username} (job ${started.id})`);
    const row = await followJob(started, progressLine);
    console.log(`${process.stdout.isTTY ? '\n' : ''}${progressLine(row)}`);
    printMessages(row);
    if (row.status === 'failed') {
      console.error(`The import failed: ${row.error?.detail ?? 'unknown error'}`);
      return 1;
    }
    console.log(`Done: ${row.progress.created} created, ${row.progress.skipped} skipped, ${row.progress.failed} failed.`);
    return 0;
  } finally {
    await started.finish();
  }
}

process.exitCode = await main();

import { copyFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { JobRow } from '../db/schema';
import type { Env } from '../server/env';
import type { AccountExportResult } from '../server/services/account-export/account-export-payload';
import { EmbeddedRunner } from '../server/jobs/embedded-runner';
import { database } from '../server/runtime';
import { cliExportJob, startCliExport } from '../server/services/account-export/cli-export';
import { exportAbsolutePath } from '../server/services/account-export/export-files';
import type { JobResponse } from '../server/job-queue/schemas';
import { loadConfig } from './load-config';
import { followJob, POLL_MS, startOrExplain, userAndPath, type StartedJob } from './job-cli';
import { claimOrFindServer, type ServerClient } from './server-handoff';

// npm run export -- --user <name> <path>
// For administrators moving an instance (CONTRACT: Account export): exports one account with the same job as
// POST /profile/export and copies the zip to <path>. No step-up: whoever runs this already holds
// the data directory. The embedded database can be open in one process only: when `npm start`
// holds it on this DATA_DIR, the job is handed to that server (server-handoff.ts) and the zip
// copied from DATA_DIR/exports once it is written; otherwise, and always on PostgreSQL, this
// process opens the database and its own embedded runner runs the job (on PostgreSQL another
// instance may claim it first: this waits for it).

const USAGE = 'usage: npm run export -- --user <name> <path>';

/** What the CLI follows of an export, read from the database or from the server. */
interface ExportView {
  status: JobRow['status'];
  progress: JobRow['progress'];
  error: { detail?: string } | null;
  archive: AccountExportResult | null;
}

type Started = StartedJob<ExportView>;

const viewOf = (row: JobRow): ExportView => ({
  status: row.status,
  progress: row.progress,
  error: row.error,
  archive: row.status === 'succeeded' ? (row.result as AccountExportResult) : null,
});

async function startHere(username: string): Promise<Started> {
  const { db, close } = await database();
  try {
    const { job, username: name } = await startCliExport(db, username);
    const runner = new EmbeddedRunner(db, { pollMs: POLL_MS });
    runner.start();
    return { id: job.id, username: name, poll: async () => viewOf(await cliExportJob(db, job.id)), finish: () => runner.stop().finally(close) };
  } catch (error) {
    await close();
    throw error;
  }
}

async function handOffExport(server: ServerClient, username: string): Promise<Started> {
  const started = await server.call('/api/internal/account-exports', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: username }),
  });
  const { username: name, job } = (await started.json()) as { username: string; job: JobResponse };
  const poll = async (): Promise<ExportView> => {
    const answer = (await (await server.call(`/api/internal/account-exports/${job.id}`)).json()) as { job: JobResponse; archive: AccountExportResult | null };
    return { ...answer.job, archive: answer.archive };
  };
  return { id: job.id, username: name, poll, finish: async () => {} };
}

async function start(username: string, config: Env): Promise<Started> {
  const server = config.DATABASE_URL ? null : await claimOrFindServer(config.DATA_DIR, 'export', config.CLI_SERVER_WAIT_SECONDS);
  if (!server) return startHere(username);
  console.log(`The server (pid ${server.pid}) holds this data directory's database: handing the export to it.`);
  return handOffExport(server, username);
}

async function main(): Promise<number> {
  const args = userAndPath(USAGE);
  if (!args) return 2;
  const config = loadConfig();
  const started = await startOrExplain(() => start(args.user, config));
  if (!started) return 1;
  try {
    console.log(`export job ${started.id} for ${started.username}…`);
    const view = await followJob(started, (v) => `${v.progress.done}/${v.progress.total} activities`);
    if (process.stdout.isTTY) process.stdout.write('\n');
    if (view.status === 'failed' || !view.archive) {
      console.error(`the export failed: ${view.error?.detail ?? 'unknown error'}`);
      return 1;
    }
    const target = resolve(args.path);
    await copyFile(exportAbsolutePath(view.archive.path), target);
    console.log(`wrote ${target}: ${view.archive.activities} activities, ${view.archive.bytes} bytes`);
    return 0;
  } catch (error) {
    // a lost hand-off, or a target that cannot be written
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await started.finish();
  }
}

process.exitCode = await main();

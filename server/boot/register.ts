import { env, usesInngest } from '../env';
import { startEmbeddedRunner } from '../jobs/embedded-runner-process';
import { database } from '../runtime';
import { queueEffortsBackfill } from '../services/efforts/queue-efforts-backfill';

/**
 * Server start: open, migrate and seed the database, then start the embedded job runner unless
 * jobs go to Inngest; a failure stops the process with one line.
 */
export async function registerServer(): Promise<void> {
  try {
    const { db } = await database();
    if (!usesInngest()) startEmbeddedRunner(db, { concurrency: env().JOB_CONCURRENCY });
    // CONTRACT: … Best efforts and records: activities of an older (or no) efforts algorithm
    await queueEffortsBackfill(db);
  } catch (error) {
    console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

import { env, usesInngest } from '../env';
import { startEmbeddedRunner } from '../jobs/embedded-runner-process';
import { log } from '../log/logger';
import { database } from '../runtime';
import { queueRouteBackfills } from '../services/routes/queue-route-backfills';

/**
 * Server start: open, migrate and seed the database, then start the embedded job runner unless
 * jobs go to Inngest; a failure stops the process with one line.
 */
export async function registerServer(): Promise<void> {
  try {
    const { db } = await database();
    if (!usesInngest()) startEmbeddedRunner(db, { concurrency: env().JOB_CONCURRENCY });
    // activities stored before routes existed get theirs in the background (never blocks start-up)
    void queueRouteBackfills(db).catch((error: unknown) => log().error({ err: error }, 'route backfill could not be queued'));
  } catch (error) {
    console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

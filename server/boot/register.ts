import { env, usesInngest } from '../env';
import { startEmbeddedRunner } from '../jobs/embedded-runner-process';
import { log } from '../log/logger';
import { database } from '../runtime';
import { queueEffortsBackfill } from '../services/efforts/queue-efforts-backfill';
import { startInboxWatcher } from '../services/inbox/inbox-watcher';
import { queueRouteBackfills } from '../services/routes/queue-route-backfills';
import { queueLoadBackfill } from '../services/training-load/queue-load-backfill';
import { queueExplorerBackfills } from '../services/explorer/queue-explorer-backfills';
import { queueFiguresBackfill } from '../services/figures/queue-figures-backfill';
import { warmUpIngestion } from '../services/ingestion/warm-up';
import { queueSegmentMatches } from '../services/segments/queue-segment-match';

/**
 * Server start: open, migrate and seed the database, then start the embedded job runner unless
 * jobs go to Inngest, and the inbox watcher; a failure stops the process with one line.
 */
export async function registerServer(): Promise<void> {
  try {
    const { db } = await database();
    if (!usesInngest()) startEmbeddedRunner(db, { concurrency: env().JOB_CONCURRENCY });
    // CONTRACT: Beyond the spec … Integrations: every instance watches the inboxes (claims decide)
    startInboxWatcher(db, env().INBOX_POLL_SECONDS * 1000);
    // activities stored before routes, efforts or load inputs existed, or under an older algorithm (CONTRACT: …
    // Best efforts and records), get theirs in the background: queuing never blocks or stops start-up
    for (const [name, queue] of [
      ['figures', queueFiguresBackfill],
      ['efforts', queueEffortsBackfill],
      ['route', queueRouteBackfills],
      ['load', queueLoadBackfill],
      ['explorer', queueExplorerBackfills],
      // segments never matched with this matcher version (CONTRACT: Explorer, goals, gear components, segments)
      ['segment', queueSegmentMatches],
    ] as const)
      void queue(db).catch((error: unknown) => log().error({ err: error }, `${name} backfill could not be queued`));
    // issue 55: the first upload after a start meets a warm parse worker
    void warmUpIngestion().catch((error: unknown) => log().warn({ err: error }, 'the parse warm-up failed'));
  } catch (error) {
    console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

import type { Db } from '@/db/client';
import { log } from '@/server/log/logger';
import { onShutdown, processValueOr } from '@/server/process-state';
import { scanInboxes, type InboxSightings } from './scan-inboxes';

// The watcher of this process (every instance runs one, whichever job runner is in force): a look
// at the inboxes every INBOX_POLL_SECONDS; what it claims runs as inbox_import jobs. One per process
// (server/process-state.ts), stopped first at shutdown so that it claims no file it cannot finish.

export class InboxWatcher {
  private readonly sightings: InboxSightings = new Map();
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.schedule();
  }

  /** One look now (tests; also what the timer runs). */
  async look(): Promise<number> {
    return scanInboxes(this.db, this.sightings);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.look()
        .then(() => undefined)
        .catch((error: unknown) => log().warn({ err: error }, 'inbox watcher could not look at the inboxes'))
        .finally(() => this.schedule());
    }, this.pollMs);
    this.timer.unref?.();
  }
}

export function startInboxWatcher(db: Db, pollMs: number): InboxWatcher {
  const watcher = processValueOr('inboxWatcher', () => new InboxWatcher(db, pollMs));
  watcher.start();
  onShutdown('inbox', 'inbox watcher', () => watcher.stop());
  return watcher;
}

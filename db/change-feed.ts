import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './client';

// What the embedded database tells this process at each commit (migration 0011's triggers, on
// when stride.notify_changes is: PGlite only). On the embedded engine every write runs in this
// process (pglite-claim.ts keeps every other process out of the directory), and PGlite hands each
// NOTIFY to its listeners while it reads the COMMIT's answer, before the writer's await returns.
// So a memo that compares these counters before and after its read is never older than the
// last commit: not a cache that expires, a copy that is dropped at the commit that changes it.

export const CHANGES_CHANNEL = 'stride_changes';

/** Counters that only grow; equal before and after a read means nothing it read changed meanwhile. */
export interface ChangeFeed {
  /** commits that wrote sessions or users */
  readonly auth: number;
  /** commits that raised any user's activity list version */
  readonly activities: number;
  /** commits that raised this user's activity list version */
  activitiesOf(userId: number): number;
}

class Counters implements ChangeFeed {
  auth = 0;
  activities = 0;
  /** raised for every user at once (the versions table emptied) */
  private everyone = 0;
  private readonly byUser = new Map<number, number>();

  activitiesOf(userId: number): number {
    return this.everyone + (this.byUser.get(userId) ?? 0);
  }

  heard(payload: string): void {
    if (payload === 'auth') {
      this.auth++;
      return;
    }
    this.activities++;
    const userId = Number(payload.slice('activities:'.length));
    if (payload === 'activities' || !Number.isSafeInteger(userId)) this.everyone++;
    else this.byUser.set(userId, (this.byUser.get(userId) ?? 0) + 1);
  }
}

// on globalThis: Next.js may load this module in more than one bundle of the process, and the
// bundle that opened the database is not always the one that serves a route
const holder = globalThis as typeof globalThis & { __strideChangeFeeds?: WeakMap<Db, ChangeFeed> };
const feeds = (holder.__strideChangeFeeds ??= new WeakMap<Db, ChangeFeed>());

/** Listens on the embedded database; from then on changeFeedOf(db) answers for it. */
export async function startChangeFeed(client: PGlite, db: Db): Promise<void> {
  const counters = new Counters();
  await client.listen(CHANGES_CHANNEL, (payload) => counters.heard(payload));
  feeds.set(db, counters);
}

/** The embedded database's feed; undefined on PostgreSQL, where other instances write unseen. */
export function changeFeedOf(db: Db): ChangeFeed | undefined {
  return feeds.get(db);
}

import type { PGlite } from '@electric-sql/pglite';
import { processValueOr } from '../server/process-state';

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
  readonly lists: number;
  /** commits that raised this user's activity list version */
  listOf(userId: number): number;
  /** commits that updated or deleted any activity */
  readonly records: number;
  /** commits that updated or deleted this activity */
  recordOf(activityId: number): number;
}

/** A total and per-id counts; an id-less notice (a table emptied) counts for every id. */
class CountsById {
  total = 0;
  private everyone = 0;
  private readonly byId = new Map<number, number>();

  of(id: number): number {
    return this.everyone + (this.byId.get(id) ?? 0);
  }

  heard(id: string | undefined): void {
    this.total++;
    const n = Number(id);
    if (id === undefined || !Number.isSafeInteger(n)) this.everyone++;
    else this.byId.set(n, (this.byId.get(n) ?? 0) + 1);
  }
}

class Counters implements ChangeFeed {
  auth = 0;
  private readonly listCounts = new CountsById();
  private readonly recordCounts = new CountsById();

  get lists(): number {
    return this.listCounts.total;
  }
  listOf(userId: number): number {
    return this.listCounts.of(userId);
  }
  get records(): number {
    return this.recordCounts.total;
  }
  recordOf(activityId: number): number {
    return this.recordCounts.of(activityId);
  }

  heard(payload: string): void {
    const [kind, id] = payload.split(':');
    if (kind === 'auth') this.auth++;
    else if (kind === 'activities') this.listCounts.heard(id);
    else if (kind === 'activity') this.recordCounts.heard(id);
  }
}

// in server/process-state.ts: Next.js may load this module in more than one bundle of the process,
// and the bundle that opened the database is not always the one that serves a route. Keyed by the drizzle
// handle (db/client.ts), as any object: naming its type here would make client.ts ↔ change-feed.ts
// an import cycle.
const feeds = processValueOr('changeFeeds', () => new WeakMap<object, ChangeFeed>());

/** Listens on the embedded database; from then on changeFeedOf(db) answers for it. */
export async function startChangeFeed(client: PGlite, db: object): Promise<void> {
  const counters = new Counters();
  await client.listen(CHANGES_CHANNEL, (payload) => counters.heard(payload));
  feeds.set(db, counters);
}

/** The embedded database's feed; undefined on PostgreSQL, where other instances write unseen. */
export function changeFeedOf(db: object): ChangeFeed | undefined {
  return feeds.get(db);
}

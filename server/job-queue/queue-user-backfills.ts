import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { jobs, type JobKind, type JobRow } from '@/db/schema';
import { dispatchJob } from './dispatch-job';
import { recordJob } from './enqueue-job';

type BackfillKind = Extract<JobKind, 'efforts_backfill' | 'route_backfill' | 'load_recompute' | 'explorer_backfill' | 'figures_backfill'>;

// Any constants: with the user's id, they name the lock that orders one user's look and insert across instances.
const LOCKS: Record<BackfillKind, number> = {
  efforts_backfill: 7302,
  route_backfill: 7323,
  load_recompute: 7324,
  explorer_backfill: 7354,
  figures_backfill: 7348,
};

/**
 * At start: one job of `kind` for each of the users `staleUsers` names (activities computed by an
 * older algorithm or not at all), unless one is queued or running. The look and the insert hold a
 * per-user, per-kind lock, so instances starting together queue one job per user; it runs on one of them.
 */
export async function queueUserBackfills(db: Db, kind: BackfillKind, staleUsers: number[]): Promise<JobRow[]> {
  const queued: JobRow[] = [];
  for (const userId of new Set(staleUsers)) {
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS[kind]}::integer, ${userId}::integer)`);
      const [pending] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.userId, userId), eq(jobs.kind, kind), inArray(jobs.status, ['queued', 'running'])))
        .limit(1);
      return pending ? null : recordJob(tx, { kind, userId, payload: { userId } });
    });
    if (row) {
      await dispatchJob(db, row);
      queued.push(row);
    }
  }
  return queued;
}

/** queueUserBackfills for the users `staleUsers` selects (one `user_id` column). */
export async function queueBackfillsOf(db: Db, kind: BackfillKind, staleUsers: SQL): Promise<JobRow[]> {
  const users = await selectRows<{ user_id: number }>(db, staleUsers);
  return queueUserBackfills(
    db,
    kind,
    users.map((u) => u.user_id),
  );
}

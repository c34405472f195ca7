import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs, type JobRow } from '@/db/schema';
import { dispatchJob } from '@/server/job-queue/dispatch-job';
import { recordJob } from '@/server/job-queue/enqueue-job';
import type { AccountExportPayload } from '@/server/services/account-export/account-export-payload';

const USER_EXPORT_LOCK = 7319;

/**
 * CONTRACT: Account export: one export at a time per user — while one is queued or running,
 * asking again answers with that job. The look and the insert hold a per-user lock, so two racing
 * requests (on any instance, or the API and the export CLI) start one job.
 */
export async function queueAccountExport(db: Db, userId: number): Promise<JobRow> {
  const { row, created } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_EXPORT_LOCK}, ${userId})`);
    const [pending] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.kind, 'account_export'), inArray(jobs.status, ['queued', 'running'])))
      .orderBy(desc(jobs.createdAt))
      .limit(1);
    if (pending) return { row: pending, created: false };
    const payload: AccountExportPayload = { userId };
    return { row: await recordJob(tx, { kind: 'account_export', userId, payload: { ...payload } }), created: true };
  });
  if (created) await dispatchJob(db, row);
  return row;
}

import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs, type JobRow } from '@/db/schema';
import { enqueueJob } from '@/server/jobs/enqueue-job';
import type { AccountExportPayload } from '@/server/jobs/account-export';
import { assertStepUp } from '../users/assert-step-up';
import type { StartAccountExportInput } from './schemas';

/**
 * CONTRACT "Account export": step-up like API-key creation, then one export at a time per user —
 * while one is queued or running, asking again answers with that job.
 */
export async function startAccountExport(db: Db, userId: number, input: StartAccountExportInput, now = new Date()): Promise<JobRow> {
  await assertStepUp(db, userId, input, 'Exporting the account', now);
  const [pending] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.kind, 'account_export'), inArray(jobs.status, ['queued', 'running'])))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  if (pending) return pending;
  const payload: AccountExportPayload = { userId };
  return enqueueJob(db, { kind: 'account_export', userId, payload: { ...payload } });
}

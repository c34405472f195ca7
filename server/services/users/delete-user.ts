import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users, type JobRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import { dispatchJob } from '@/server/job-queue/dispatch-job';
import { recordJob } from '@/server/job-queue/enqueue-job';

/**
 * Deletes a user and, by cascade, everything they own in the database; their files on disk
 * (originals, media, exports, drop folder and inbox) go in a durable user_files_delete job, queued
 * in the same transaction and owned by the acting administrator, who sees it finish (issue 49 case
 * 10). An admin cannot delete themselves.
 */
export async function deleteUser(db: Db, actingUserId: number, userId: number): Promise<JobRow> {
  if (actingUserId === userId) throw new AppError('conflict', { detail: 'You cannot delete your own account here.' });
  const job = await db.transaction(async (tx) => {
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    if (!deleted.length) throw new AppError('not_found', { detail: 'User not found.' });
    return recordJob(tx, { kind: 'user_files_delete', userId: actingUserId, payload: { user_id: userId } });
  });
  await dispatchJob(db, job);
  return job;
}

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { inboxFiles, type JobRow } from '@/db/schema';
import { dispatchJob } from '@/server/job-queue/dispatch-job';
import { recordJob } from '@/server/job-queue/enqueue-job';

export interface InboxFileSeen {
  userId: number;
  name: string;
  size: number;
  mtimeMs: number;
}

/**
 * The claim: one row per (user, name, size, mtime), inserted with its inbox_import job in one
 * transaction. Of several instances looking at one shared DATA_DIR, and across restarts, exactly
 * one insert wins; the job (durable) then ingests the file. False when the file was claimed before.
 */
export async function claimInboxFile(db: Db, file: InboxFileSeen): Promise<boolean> {
  const job = await db.transaction(async (tx): Promise<JobRow | null> => {
    const id = randomUUID();
    const [claimed] = await tx
      .insert(inboxFiles)
      .values({ id, userId: file.userId, name: file.name, size: file.size, mtimeMs: file.mtimeMs })
      .onConflictDoNothing()
      .returning({ id: inboxFiles.id });
    if (!claimed) return null;
    const row = await recordJob(tx, { kind: 'inbox_import', userId: file.userId, payload: { inbox_file_id: id } });
    await tx.update(inboxFiles).set({ jobId: row.id }).where(eq(inboxFiles.id, id));
    return row;
  });
  if (!job) return false;
  await dispatchJob(db, job);
  return true;
}

import { and, eq, like } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { notifications } from '@/db/schema';

// Tests of the runners need a side effect that lives in the database, so that "ran once" is
// seen across processes: each journal entry is a notification row of the job's user.

export async function writeJournal(db: Db, userId: number, jobId: string, entry: string): Promise<void> {
  await db.insert(notifications).values({ userId, kind: 'job-test', message: `${jobId} ${entry}` });
}

export async function readJournal(db: Db, userId: number, jobId: string): Promise<string[]> {
  const rows = await db
    .select({ message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), like(notifications.message, `${jobId} %`)))
    .orderBy(notifications.id);
  return rows.map((r) => r.message.slice(jobId.length + 1));
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { notifications } from '@/db/schema';
import { AppError } from '@/server/errors';

export async function markNotificationRead(db: Db, userId: number, notificationId: number): Promise<void> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!rows.length) throw new AppError('not_found', { detail: 'No such notification.' });
}

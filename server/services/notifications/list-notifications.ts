import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { notifications } from '@/db/schema';
import { notificationRecord, type NotificationRecord } from './notification-record';

/** Newest first. */
export async function listNotifications(db: Db, userId: number): Promise<NotificationRecord[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(500);
  return rows.map(notificationRecord);
}

import type { NotificationRow } from '@/db/schema';

/** CONTRACT: Notifications: { id, kind, activity_id, message, read, created_at }. */
export function notificationRecord(row: NotificationRow) {
  return { id: row.id, kind: row.kind, activity_id: row.activityId, message: row.message, read: row.read, created_at: row.createdAt.toISOString() };
}

export type NotificationRecord = ReturnType<typeof notificationRecord>;

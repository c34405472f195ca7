import type { NotificationRow } from '@/db/schema';
import type { NotificationResponse } from './schemas';

/** CONTRACT: Notifications: { id, kind, activity_id, message, read, created_at }. */
export function notificationRecord(row: NotificationRow): NotificationResponse {
  return { id: row.id, kind: row.kind, activity_id: row.activityId, message: row.message, read: row.read, created_at: row.createdAt.toISOString() };
}

export type NotificationRecord = NotificationResponse;

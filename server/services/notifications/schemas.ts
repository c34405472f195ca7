import { z } from 'zod';

/** CONTRACT: Notifications: { id, kind, activity_id, message, read, created_at }. */
export const notificationResponse = z.object({
  id: z.number().int(),
  kind: z.string(),
  activity_id: z.number().int().nullable(),
  message: z.string(),
  read: z.boolean(),
  created_at: z.iso.datetime(),
});
export type NotificationResponse = z.infer<typeof notificationResponse>;

import type { Db } from '@/db/client';
import { notifications } from '@/db/schema';

/** activity.created subscriber (CONTRACT: Notifications): the duplicate-start-time case. */
export async function notifyDuplicateStartTime(db: Db, userId: number, activityId: number): Promise<void> {
  await db.insert(notifications).values({
    userId,
    activityId,
    kind: 'duplicate_start_time',
    message: 'This activity starts at the same time as another of your activities, so it was stored hidden.',
  });
}

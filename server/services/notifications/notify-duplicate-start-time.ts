import type { Db } from '@/db/client';
import { executeInline } from '@/db/pglite-inline';
import { notifications } from '@/db/schema';

/** activity.created subscriber (CONTRACT: Notifications): the duplicate-start-time case. */
export async function notifyDuplicateStartTime(db: Db, userId: number, activityId: number): Promise<void> {
  const insert = db.insert(notifications).values({
    userId,
    activityId,
    kind: 'duplicate_start_time',
    message: 'This activity starts at the same time as another of your activities, so it was stored hidden.',
  });
  await executeInline(db, insert.getSQL());
}

import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activityLaps } from '@/db/schema';
import { lapRecord } from './activity-record';
import { getActivityOrThrow } from './get-activity-or-throw';

export async function listActivityLaps(db: Db, userId: number, activityId: number) {
  await getActivityOrThrow(db, userId, activityId);
  const rows = await db.select().from(activityLaps).where(eq(activityLaps.activityId, activityId)).orderBy(asc(activityLaps.lapIndex));
  return rows.map(lapRecord);
}

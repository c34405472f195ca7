import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { localDay } from './local-day';
import { refreshDailyLoads } from './refresh-daily-loads';

/** After an activity was hidden, shown, re-typed or deleted: its start day's load summed again. */
export async function refreshActivityDay(db: Db, userId: number, startTime: Date): Promise<void> {
  const [user] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
  if (user) await refreshDailyLoads(db, userId, [localDay(startTime, user.timezone)]);
}

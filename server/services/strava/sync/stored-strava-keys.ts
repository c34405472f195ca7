import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities } from '@/db/schema';

/** Which of these dedup keys (`strava:<id>`) the user already has. */
export async function storedStravaKeys(db: Db, userId: number, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: activities.dedupKey })
    .from(activities)
    .where(and(eq(activities.userId, userId), inArray(activities.dedupKey, keys)));
  return new Set(rows.map((r) => r.key!));
}

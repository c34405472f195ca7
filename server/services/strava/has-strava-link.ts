import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { stravaLinks } from '@/db/schema';

export async function hasStravaLink(db: Db, userId: number): Promise<boolean> {
  const rows = await db.select({ userId: stravaLinks.userId }).from(stravaLinks).where(eq(stravaLinks.userId, userId));
  return rows.length > 0;
}

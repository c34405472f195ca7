import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';

/** CONTRACT: Beyond the spec: "day", "week", "month" and "year" are in the profile's timezone. */
export async function userTimezone(db: Db, userId: number): Promise<string> {
  const [found] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
  return found?.timezone ?? 'UTC';
}

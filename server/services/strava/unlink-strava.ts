import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { stravaLinks } from '@/db/schema';

/** CONTRACT: Strava: unlink forgets the tokens (204 whether or not a link existed). */
export async function unlinkStrava(db: Db, userId: number): Promise<void> {
  await db.delete(stravaLinks).where(eq(stravaLinks.userId, userId));
}

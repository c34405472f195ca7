import { systemNow } from '@/server/clock';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { sessions } from '@/db/schema';

/**
 * Ends every live session of the user but the current one, in one statement ("sign out
 * everywhere else", and after a password change). Returns how many were ended.
 */
export async function revokeOtherSessions(db: Db, userId: number, currentSessionId: string | undefined, reason: string, now = systemNow()): Promise<number> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (currentSessionId) conditions.push(ne(sessions.id, currentSessionId));
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason, csrfTokenHash: null })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return ended.length;
}

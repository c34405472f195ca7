import { systemNow } from '@/server/clock';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { sessions } from '@/db/schema';

/**
 * Ends a session and with it its whole token family: access tokens are checked against the
 * session on every request, so they die at once too.
 */
export async function revokeSession(db: Db, sessionId: string, reason: string, now = systemNow()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason, csrfTokenHash: null })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

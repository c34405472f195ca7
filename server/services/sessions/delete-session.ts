import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { sessions } from '@/db/schema';
import { AppError } from '@/server/errors';
import type { AuthContext } from '@/server/auth/auth-context';
import { assertMaySeeSessionsOf } from './list-sessions';
import { revokeSession } from './revoke-session';
import { isUuid } from '@/server/util/uuid';

/** Deletes one of the user's sessions, revoking its whole token family at once. */
export async function deleteSession(db: Db, auth: AuthContext, sessionId: string, userId: number): Promise<void> {
  assertMaySeeSessionsOf(auth, userId, 'sessions:write');
  const notFound = new AppError('not_found', { detail: 'No such session.' });
  if (!isUuid(sessionId)) throw notFound;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  if (!row) throw notFound;
  await revokeSession(db, sessionId, 'deleted');
}

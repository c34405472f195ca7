import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { preparedPerDatabase } from '@/db/prepared';
import { sessions, users } from '@/db/schema';
import { verifyAccessToken } from '@/server/auth/tokens';
import { AppError } from '@/server/errors';
import type { AuthContext } from '@/server/http/auth-context';
import { isSessionLive } from './session-liveness';

// Writing last_activity_at on every request would turn each read into a write; a minute of
// slack is far below any idle timeout.
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

export interface SessionAuthContext extends AuthContext {
  sessionId: string;
  csrfTokenHash: string | null;
}

// One indexed lookup per request, never cached in the process: the row is the only truth every
// instance shares, so a deleted session's token is refused at once everywhere.
const sessionOfToken = preparedPerDatabase((db) =>
  db
    .select({
      userId: sessions.userId,
      clientType: sessions.clientType,
      csrfTokenHash: sessions.csrfTokenHash,
      expiresAt: sessions.expiresAt,
      lastActivityAt: sessions.lastActivityAt,
      revokedAt: sessions.revokedAt,
      accessType: users.accessType,
      active: users.active,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('session_of_access_token'),
);

/**
 * An access token is good only while its session is: deleted, expired, idle or family-revoked
 * sessions refuse their access tokens at once, not at the token's expiry (CONTRACT settled).
 */
export async function resolveAccessToken(db: Db, token: string, now = new Date()): Promise<SessionAuthContext> {
  const claims = await verifyAccessToken(token);
  const [row] = await sessionOfToken(db).execute({ sessionId: claims.sid });
  if (!row || String(row.userId) !== claims.sub || !row.active || !isSessionLive(row, now)) {
    throw new AppError('unauthorized', { detail: 'The session has ended. Sign in again.', headers: { 'WWW-Authenticate': 'Bearer' } });
  }
  if (now.getTime() - row.lastActivityAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await db.update(sessions).set({ lastActivityAt: now }).where(eq(sessions.id, claims.sid));
  }
  return {
    userId: row.userId,
    accessType: row.accessType,
    scopes: claims.scope,
    via: 'access_token',
    sessionId: claims.sid,
    clientType: row.clientType,
    csrfTokenHash: row.csrfTokenHash,
  };
}

import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
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

/**
 * An access token is good only while its session is: deleted, expired, idle or family-revoked
 * sessions refuse their access tokens at once, not at the token's expiry (CONTRACT settled).
 */
export async function resolveAccessToken(db: Db, token: string, now = new Date()): Promise<SessionAuthContext> {
  const claims = await verifyAccessToken(token);
  const [row] = await db
    .select({ session: sessions, accessType: users.accessType, active: users.active })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, claims.sid));
  if (!row || String(row.session.userId) !== claims.sub || !row.active || !isSessionLive(row.session, now)) {
    throw new AppError('unauthorized', { detail: 'The session has ended. Sign in again.', headers: { 'WWW-Authenticate': 'Bearer' } });
  }
  if (now.getTime() - row.session.lastActivityAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await db.update(sessions).set({ lastActivityAt: now }).where(eq(sessions.id, row.session.id));
  }
  return {
    userId: row.session.userId,
    accessType: row.accessType,
    scopes: claims.scope,
    via: 'access_token',
    sessionId: row.session.id,
    clientType: row.session.clientType,
    csrfTokenHash: row.session.csrfTokenHash,
  };
}

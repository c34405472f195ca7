import { systemNow } from '@/server/clock';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { sessions } from '@/db/schema';
import { verifyAccessToken } from '@/server/auth/tokens';
import { AppError } from '@/server/errors';
import type { AuthContext } from '@/server/auth/auth-context';
import { isSessionLive } from './session-liveness';
import { sessionOf } from './session-kept';
import type { SessionRead } from './session-row';

// Writing last_activity_at on every request would turn each read into a write; a minute of
// slack is far below any idle timeout.
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

export interface SessionAuthContext extends AuthContext {
  sessionId: string;
  csrfTokenHash: string | null;
}

/**
 * The plain session check's read: the session and its user (session-kept.ts: on the embedded
 * engine kept between requests until a commit changes it; on PostgreSQL one indexed lookup per
 * request, as every instance must see another's deletion at once).
 */
export const readSession: SessionRead<undefined> = async (db, sessionId) => {
  const session = await sessionOf(db, sessionId);
  return session && { session, value: undefined };
};

/**
 * An access token is good only while its session is: deleted, expired, idle or family-revoked
 * sessions refuse their access tokens at once, not at the token's expiry (CONTRACT: Settled details).
 */
export async function resolveAccessTokenWith<R>(
  db: Db,
  token: string,
  read: SessionRead<R>,
  now = systemNow(),
): Promise<{ auth: SessionAuthContext; value: R }> {
  const claims = await verifyAccessToken(token);
  const found = await read(db, claims.sid);
  const row = found?.session;
  if (!found || !row || String(row.userId) !== claims.sub || !row.active || !isSessionLive(row, now)) {
    throw new AppError('unauthorized', { detail: 'The session has ended. Sign in again.', headers: { 'WWW-Authenticate': 'Bearer' } });
  }
  if (now.getTime() - row.lastActivityAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await db.update(sessions).set({ lastActivityAt: now }).where(eq(sessions.id, claims.sid));
  }
  const auth: SessionAuthContext = {
    userId: row.userId,
    accessType: row.accessType,
    scopes: claims.scope,
    via: 'access_token',
    sessionId: claims.sid,
    clientType: row.clientType,
    csrfTokenHash: row.csrfTokenHash,
  };
  return { auth, value: found.value };
}

export async function resolveAccessToken(db: Db, token: string, now = systemNow()): Promise<SessionAuthContext> {
  return (await resolveAccessTokenWith(db, token, readSession, now)).auth;
}

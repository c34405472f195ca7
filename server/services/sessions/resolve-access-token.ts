import { eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { prepareOnServer } from '@/db/pglite-prepared';
import { preparedPerDatabase } from '@/db/prepared';
import { sessions, users } from '@/db/schema';
import { verifyAccessToken } from '@/server/auth/tokens';
import { AppError } from '@/server/errors';
import type { AuthContext } from '@/server/auth/auth-context';
import { isSessionLive } from './session-liveness';

// Writing last_activity_at on every request would turn each read into a write; a minute of
// slack is far below any idle timeout.
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

export interface SessionAuthContext extends AuthContext {
  sessionId: string;
  csrfTokenHash: string | null;
}

/** What the check needs of a session and its user; a SessionRead selects these too. */
export const sessionColumns = {
  userId: sessions.userId,
  clientType: sessions.clientType,
  csrfTokenHash: sessions.csrfTokenHash,
  expiresAt: sessions.expiresAt,
  lastActivityAt: sessions.lastActivityAt,
  revokedAt: sessions.revokedAt,
  accessType: users.accessType,
  active: users.active,
};

interface SessionRow {
  userId: number;
  clientType: 'web' | 'mobile';
  csrfTokenHash: string | null;
  expiresAt: Date;
  lastActivityAt: Date;
  revokedAt: Date | null;
  accessType: 'regular' | 'admin';
  active: boolean;
}

/**
 * A read answered by the same statement as the session check (one round trip instead of two):
 * it selects `sessionColumns` from the session `sessionId` joined to its user, plus what the
 * route needs. It must return no row when the session does not exist; the check stays here.
 */
export type SessionRead<R> = (db: Db, sessionId: string) => Promise<{ session: SessionRow; value: R } | undefined>;

/** The session and its user, by primary key; a SessionRead joins from the same two tables. */
export function sessionWithUser<E extends SelectedFields>(db: Db, extra: E) {
  return db
    .select({ ...sessionColumns, ...extra })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId));
}

// One indexed lookup per request, never cached in the process: the row is the only truth every
// instance shares, so a deleted session's token is refused at once everywhere.
const sessionOfToken = preparedPerDatabase((db) =>
  prepareOnServer(db, 'session_of_access_token', sessionWithUser(db, {}).where(eq(sessions.id, sql.placeholder('sessionId'))), Object.keys(sessionColumns)),
);

/** The plain session check's read: the session and its user, nothing else. */
export const readSession: SessionRead<undefined> = async (db, sessionId) => {
  const [session] = await sessionOfToken(db).execute({ sessionId });
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
  now = new Date(),
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

export async function resolveAccessToken(db: Db, token: string, now = new Date()): Promise<SessionAuthContext> {
  return (await resolveAccessTokenWith(db, token, readSession, now)).auth;
}

import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { sessions, users } from '@/db/schema';

/** A session as stored. */
export type SessionRow = typeof sessions.$inferSelect;

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

/** A session as the check sees it: the `sessionColumns` of the session and its user (not the full SessionRow). */
export type CheckedSession = Pick<SessionRow, 'userId' | 'clientType' | 'csrfTokenHash' | 'expiresAt' | 'lastActivityAt' | 'revokedAt'> &
  Pick<typeof users.$inferSelect, 'accessType' | 'active'>;

/**
 * A read answered by the same statement as the session check (one round trip instead of two):
 * it selects `sessionColumns` from the session `sessionId` joined to its user, plus what the
 * route needs. It must return no row when the session does not exist; the check stays with the caller.
 */
export type SessionRead<R> = (db: Db, sessionId: string) => Promise<{ session: CheckedSession; value: R } | undefined>;

/** The session and its user, by primary key; a SessionRead joins from the same two tables. */
export function sessionWithUser<E extends SelectedFields>(db: Db, extra: E) {
  return db
    .select({ ...sessionColumns, ...extra })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId));
}

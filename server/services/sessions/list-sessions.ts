import { systemNow } from '@/server/clock';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { sessions } from '@/db/schema';
import { AppError } from '@/server/errors';
import { isAdmin, type AuthContext } from '@/server/auth/auth-context';
import { getUserOrThrow } from '../users/get-user-or-throw';
import { isSessionLive } from './session-liveness';
import type { SessionRow } from './session-row';

/** CONTRACT: own sessions for anyone; another user's need sessions:read and an administrator. */
export function assertMaySeeSessionsOf(auth: AuthContext, userId: number, scope: 'sessions:read' | 'sessions:write'): void {
  if (auth.userId === userId) return;
  if (!isAdmin(auth) || !auth.scopes.includes(scope)) {
    throw new AppError('permission_denied', {
      code: 'scope_missing',
      detail: `Insufficient permissions: another user's sessions need the "${scope}" scope of an administrator.`,
    });
  }
}

/** The user's live sessions, newest first. */
export async function listSessions(db: Db, auth: AuthContext, userId: number, now = systemNow()): Promise<SessionRow[]> {
  assertMaySeeSessionsOf(auth, userId, 'sessions:read');
  // spec: Errors, typical causes of 404: "user not found" (only an administrator gets this far for another user)
  if (userId !== auth.userId) await getUserOrThrow(db, userId);
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt));
  return rows.filter((s) => isSessionLive(s, now));
}

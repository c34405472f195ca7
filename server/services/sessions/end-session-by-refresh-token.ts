import { systemNow } from '@/server/clock';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { refreshTokens, sessions } from '@/db/schema';
import { safeEqual, sha256Hex } from '@/server/auth/hash';
import { verifyRefreshToken } from '@/server/auth/tokens';
import { AppError } from '@/server/errors';
import { assertCsrf } from '@/server/auth/csrf-guard';
import { revokeSession } from './revoke-session';
import { isSessionLive } from './session-liveness';

/**
 * Logout: any refresh token of the session identifies it (mobile: Bearer, web: the cookie). A web
 * logout also needs the session's CSRF token, since the cookie alone rides along cross-site.
 */
export async function endSessionByRefreshToken(
  db: Db,
  refreshToken: string,
  csrf: { required: boolean; header: string | null },
  now = systemNow(),
): Promise<void> {
  const claims = await verifyRefreshToken(refreshToken);
  const [row] = await db
    .select({ tokenHash: refreshTokens.tokenHash, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(and(eq(refreshTokens.jti, claims.jti), eq(refreshTokens.sessionId, claims.sid)));
  if (!row || !safeEqual(row.tokenHash, sha256Hex(refreshToken)) || !isSessionLive(row.session, now)) {
    throw new AppError('unauthorized', { detail: 'The session has already ended.' });
  }
  if (csrf.required) assertCsrf(row.session.csrfTokenHash, csrf.header);
  await revokeSession(db, row.session.id, 'logout', now);
}

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { refreshTokens, sessions, users } from '@/db/schema';
import { safeEqual, sha256Hex } from '@/server/auth/hash';
import { verifyRefreshToken } from '@/server/auth/tokens';
import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { log } from '@/server/log/logger';
import { issueTokens, type TokenBundle } from './issue-tokens';
import { revokeSession } from './revoke-session';
import { isSessionLive } from './session-liveness';

const unauthorized = (detail: string, code?: 'token_reused') => new AppError('unauthorized', { detail, code, headers: { 'WWW-Authenticate': 'Bearer' } });

type Outcome = { kind: 'rotated'; tokens: TokenBundle } | { kind: 'reused'; sessionId: string };

/**
 * spec: Refresh token table: a current token is superseded and replaced (rotation count + 1);
 * a superseded one is accepted again only within REFRESH_REUSE_GRACE_SECONDS (a client retry, or
 * two tabs racing); outside it the whole family is revoked. The token's row is locked, so two
 * refreshes racing with one token run one after the other and stay in the same family.
 */
export async function refreshSession(db: Db, refreshToken: string, now = new Date()): Promise<TokenBundle> {
  const claims = await verifyRefreshToken(refreshToken);
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions, accessType: users.accessType, active: users.active })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(refreshTokens.jti, claims.jti), eq(refreshTokens.sessionId, claims.sid)))
      .for('update', { of: refreshTokens });
    if (!row || !safeEqual(row.token.tokenHash, sha256Hex(refreshToken))) throw unauthorized('The refresh token is not known.');
    const { session } = row;
    if (!row.active || !isSessionLive(session, now)) throw unauthorized('The session has ended. Sign in again.');
    if (row.token.supersededAt) {
      const graceMs = env().REFRESH_REUSE_GRACE_SECONDS * 1000;
      if (now.getTime() - row.token.supersededAt.getTime() > graceMs) return { kind: 'reused', sessionId: session.id };
    } else {
      await tx.update(refreshTokens).set({ supersededAt: now }).where(eq(refreshTokens.jti, claims.jti));
    }
    await tx
      .update(sessions)
      .set({ rotationCount: sql`${sessions.rotationCount} + 1`, lastActivityAt: now })
      .where(eq(sessions.id, session.id));
    const tokens = await issueTokens(tx, session, row.accessType, now);
    return { kind: 'rotated', tokens };
  });
  if (outcome.kind === 'reused') {
    await revokeSession(db, outcome.sessionId, 'refresh token reused', now);
    log().warn({ session_id: outcome.sessionId }, 'refresh token reuse detected: token family revoked');
    throw unauthorized('The refresh token was already used. The session has been ended for safety; sign in again.', 'token_reused');
  }
  return outcome.tokens;
}

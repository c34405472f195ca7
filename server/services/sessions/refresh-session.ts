import { systemNow } from '@/server/clock';
import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { Db } from '@/db/client';
import { refreshTokens, sessions, users } from '@/db/schema';
import { safeEqual, sha256Hex } from '@/server/auth/hash';
import { openSecret, sealSecret } from '@/server/auth/secret-box';
import { verifyRefreshToken } from '@/server/auth/tokens';
import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { log } from '@/server/log/logger';
import { issueTokens, type TokenBundle } from './issue-tokens';
import { revokeSession } from './revoke-session';
import { isSessionLive } from './session-liveness';

const unauthorized = (detail: string, code?: 'token_reused') => new AppError('unauthorized', { detail, code, headers: { 'WWW-Authenticate': 'Bearer' } });

type Outcome = { kind: 'rotated'; tokens: TokenBundle } | { kind: 'reused'; sessionId: string };

const SUCCESSOR_BOX = 'refresh-successor-box';

/**
 * spec: Refresh token table: a current token is superseded and replaced (rotation count + 1);
 * a superseded one is accepted again only within REFRESH_REUSE_GRACE_SECONDS (a client retry, or
 * two tabs racing); outside it the whole family is revoked. The token's row is locked, so two
 * refreshes racing with one token run one after the other and stay in the same family.
 *
 * A replay within the grace window answers the very tokens its first use was given
 * (kept sealed on the superseded row), so the family never forks into several live tokens; a
 * token older than the one before the current token is a reuse at any time.
 */
export async function refreshSession(db: Db, refreshToken: string, now = systemNow()): Promise<TokenBundle> {
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
    const { session, token } = row;
    if (!row.active || !isSessionLive(session, now)) throw unauthorized('The session has ended. Sign in again.');
    if (token.supersededAt) {
      const graceMs = env().REFRESH_REUSE_GRACE_SECONDS * 1000;
      const replayable = now.getTime() - token.supersededAt.getTime() <= graceMs && token.successorSealed && (await isCurrent(tx, token.replacedBy));
      if (!replayable) return { kind: 'reused', sessionId: session.id };
      return { kind: 'rotated', tokens: JSON.parse(openSecret(token.successorSealed!, SUCCESSOR_BOX)) as TokenBundle };
    }
    await tx
      .update(sessions)
      .set({ rotationCount: sql`${sessions.rotationCount} + 1`, lastActivityAt: now })
      .where(eq(sessions.id, session.id));
    const tokens = await issueTokens(tx, session, row.accessType, now);
    const successor = {
      supersededAt: now,
      replacedBy: decodeJwt(tokens.refreshToken).jti!,
      successorSealed: sealSecret(JSON.stringify(tokens), SUCCESSOR_BOX),
    };
    await tx.update(refreshTokens).set(successor).where(eq(refreshTokens.jti, claims.jti));
    // the token before this one is now two behind: its kept answer is not needed any more
    await tx.update(refreshTokens).set({ successorSealed: null }).where(eq(refreshTokens.replacedBy, claims.jti));
    return { kind: 'rotated', tokens };
  });
  if (outcome.kind === 'reused') {
    await revokeSession(db, outcome.sessionId, 'refresh token reused', now);
    log().warn({ session_id: outcome.sessionId }, 'refresh token reuse detected: token family revoked');
    throw unauthorized('The refresh token was already used. The session has been ended for safety; sign in again.', 'token_reused');
  }
  return outcome.tokens;
}

/**
 * The token that superseded another is still the family's newest. Read without a lock: its own
 * rotation locks it and then clears the kept answer on this row, so locking it here would deadlock.
 */
async function isCurrent(tx: Db, jti: string | null): Promise<boolean> {
  if (!jti) return false;
  const [successor] = await tx.select({ supersededAt: refreshTokens.supersededAt }).from(refreshTokens).where(eq(refreshTokens.jti, jti));
  return successor !== undefined && successor.supersededAt === null;
}

import { systemNow } from '@/server/clock';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { refreshTokens, sessions } from '@/db/schema';
import { newCsrfToken } from '@/server/auth/csrf';
import { sha256Hex } from '@/server/auth/hash';
import { scopesForRole } from '@/server/auth/scopes';
import { accessTokenSeconds, refreshTokenSeconds, signAccessToken, signRefreshToken } from '@/server/auth/tokens';

/** What a login, MFA verification, refresh or PKCE exchange hands out. */
export interface TokenBundle {
  sessionId: string;
  clientType: 'web' | 'mobile';
  accessToken: string;
  refreshToken: string;
  /** web sessions (and the mobile SSO exchange) only */
  csrfToken: string | null;
  expiresIn: number;
  refreshExpiresIn: number;
}

export interface SessionForTokens {
  id: string;
  userId: number;
  tokenFamilyId: string;
  clientType: 'web' | 'mobile';
}

/**
 * Mints an access token, a refresh token (recorded by jti and hash) and, for web sessions, a new
 * CSRF token. Runs inside the caller's transaction.
 */
export async function issueTokens(
  tx: Db,
  session: SessionForTokens,
  accessType: 'regular' | 'admin',
  now = systemNow(),
  // spec: Token response: web sessions, and the mobile SSO PKCE exchange, get a CSRF token
  withCsrf = session.clientType === 'web',
): Promise<TokenBundle> {
  const jti = randomUUID();
  const refreshToken = await signRefreshToken({ userId: session.userId, sessionId: session.id, familyId: session.tokenFamilyId, jti }, now);
  const accessToken = await signAccessToken({ userId: session.userId, sessionId: session.id, scopes: scopesForRole(accessType) }, now);
  await tx.insert(refreshTokens).values({
    jti,
    sessionId: session.id,
    tokenHash: sha256Hex(refreshToken),
    issuedAt: now,
    expiresAt: new Date(now.getTime() + refreshTokenSeconds() * 1000),
  });
  let csrfToken: string | null = null;
  if (withCsrf) {
    const csrf = newCsrfToken();
    csrfToken = csrf.token;
    await tx.update(sessions).set({ csrfTokenHash: csrf.hash }).where(eq(sessions.id, session.id));
  }
  return {
    sessionId: session.id,
    clientType: session.clientType,
    accessToken,
    refreshToken,
    csrfToken,
    expiresIn: accessTokenSeconds(),
    refreshExpiresIn: refreshTokenSeconds(),
  };
}

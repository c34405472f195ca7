import { systemNow } from '@/server/clock';
import type { Db } from '@/db/client';
import { verifyPassword } from '@/server/auth/password';
import { AppError } from '@/server/errors';
import { createSession, type SessionOrigin } from '../sessions/create-session';
import type { TokenBundle } from '../sessions/issue-tokens';
import { findUserForLogin } from '../users/find-user-for-login';
import { clearFailures, countAttempt, failedAttempt, lockoutKey } from './lockout';
import { createPendingMfaLogin } from './pending-mfa-login';
import { createPkceSession } from './pkce-session';

export type LoginResult =
  { kind: 'tokens'; tokens: TokenBundle } | { kind: 'mfa_required'; username: string; mfaToken: string } | { kind: 'pkce_pending'; sessionId: string };

export interface LoginInput {
  username: string;
  password: string;
  origin: SessionOrigin;
  /** mobile PKCE: the S256 challenge; tokens then wait for the exchange */
  codeChallenge?: string;
}

export const invalidCredentials = () => new AppError('unauthorized', { detail: 'Incorrect username or password.' });

/**
 * spec: Authentication rule 1: lockout first (the attempt is counted before the password is
 * verified, see countAttempt), then credentials, then MFA, then tokens (the rate
 * limit ran in the route wrapper before this).
 */
export async function loginWithPassword(db: Db, input: LoginInput, now = systemNow()): Promise<LoginResult> {
  const user = await findUserForLogin(db, input.username);
  const key = lockoutKey(user, input.username);
  const attempt = await countAttempt(db, key, 'password', now);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) throw failedAttempt(attempt, key, 'password', invalidCredentials());
  await clearFailures(db, key, 'password');
  if (!user.active) throw new AppError('permission_denied', { detail: 'This account is disabled.' });
  if (user.mfaEnabled) {
    const mfaToken = await createPendingMfaLogin(db, { userId: user.id, origin: input.origin, codeChallenge: input.codeChallenge }, now);
    return { kind: 'mfa_required', username: user.username, mfaToken };
  }
  return completeLogin(db, user, input.origin, input.codeChallenge, now);
}

/** The last step of password and MFA logins: tokens, or a PKCE session awaiting its exchange. */
export async function completeLogin(
  db: Db,
  user: { id: number; accessType: 'regular' | 'admin' },
  origin: SessionOrigin,
  codeChallenge: string | undefined,
  now = systemNow(),
): Promise<LoginResult> {
  if (codeChallenge) {
    const sessionId = await createPkceSession(db, { userId: user.id, codeChallenge, origin }, now);
    return { kind: 'pkce_pending', sessionId };
  }
  return { kind: 'tokens', tokens: await createSession(db, user, origin, now) };
}

import { systemNow } from '@/server/clock';
import type { Db } from '@/db/client';
import { AppError } from '@/server/errors';
import { verifySecondFactor } from '../mfa/verify-second-factor';
import type { SessionOrigin } from '../sessions/create-session';
import { findUserForLogin } from '../users/find-user-for-login';
import { clearFailures, countAttempt, failedAttempt, lockoutKey } from './lockout';
import { completeLogin, type LoginResult } from './login-with-password';
import { consumePendingMfaLogin, findBoundPendingMfaLogin } from './pending-mfa-login';

const noPendingLogin = () => new AppError('invalid_input', { detail: 'There is no pending MFA login for this user: sign in with the password first.' });

export interface MfaVerifyInput {
  username: string;
  mfaCode: string;
  /** the opaque token of the MFA-required answer (body field or web cookie) */
  mfaToken?: string;
  origin: SessionOrigin;
  /** PKCE challenge given at this step; else the one given at the password step */
  codeChallenge?: string;
}

/**
 * spec: Pending MFA login table, with the lockout tiers applied at this step too. A verify from a
 * client the pending login is not bound to finds no pending login and counts nothing, so nobody
 * but the client that passed the password step can try codes or lock this step.
 */
export async function verifyMfaLogin(db: Db, input: MfaVerifyInput, now = systemNow()): Promise<LoginResult> {
  const user = await findUserForLogin(db, input.username);
  const pending = user?.mfaEnabled ? await findBoundPendingMfaLogin(db, user.id, input, now) : null;
  if (!user || !pending) throw noPendingLogin();
  const key = lockoutKey(user, input.username);
  const attempt = await countAttempt(db, key, 'mfa', now);
  if (!(await verifySecondFactor(db, user, input.mfaCode, now))) {
    throw failedAttempt(attempt, key, 'mfa', new AppError('invalid_input', { detail: `Invalid MFA code. Failed attempts: ${attempt.failures}.` }));
  }
  await clearFailures(db, key, 'mfa');
  // rule 4: the user must still be active at verification
  if (!user.active) throw new AppError('permission_denied', { detail: 'This account is disabled.' });
  if (!(await consumePendingMfaLogin(db, user.id, pending, now))) throw noPendingLogin();
  // rule 4: PKCE parameters of the password step are kept through this step
  return completeLogin(db, user, input.origin, input.codeChallenge ?? pending.codeChallenge ?? undefined, now);
}

import type { Db } from '@/db/client';
import { AppError } from '@/server/errors';
import { verifySecondFactor } from '../mfa/verify-second-factor';
import type { SessionOrigin } from '../sessions/create-session';
import { findUserForLogin } from '../users/find-user-for-login';
import { assertNotLocked, clearFailures, lockoutKey, recordFailure } from './lockout';
import { completeLogin, type LoginResult } from './login-with-password';
import { consumePendingMfaLogin, hasPendingMfaLogin } from './pending-mfa-login';

const noPendingLogin = () => new AppError('invalid_input', { detail: 'There is no pending MFA login for this user: sign in with the password first.' });

/** Spec "Pending MFA login" table, with the lockout tiers applied at this step too. */
export async function verifyMfaLogin(
  db: Db,
  input: { username: string; mfaCode: string; origin: SessionOrigin; codeChallenge?: string },
  now = new Date(),
): Promise<LoginResult> {
  const user = await findUserForLogin(db, input.username);
  if (!user || !user.mfaEnabled || !(await hasPendingMfaLogin(db, user.id, now))) throw noPendingLogin();
  const key = lockoutKey(user, input.username);
  await assertNotLocked(db, key, 'mfa', now);
  if (!(await verifySecondFactor(db, user, input.mfaCode, now))) {
    const { failures, locked } = await recordFailure(db, key, 'mfa', now);
    throw locked ?? new AppError('invalid_input', { detail: `Invalid MFA code. Failed attempts: ${failures}.` });
  }
  await clearFailures(db, key, 'mfa');
  // rule 4: the user must still be active at verification
  if (!user.active) throw new AppError('permission_denied', { detail: 'This account is disabled.' });
  if (!(await consumePendingMfaLogin(db, user.id, now))) throw noPendingLogin();
  return completeLogin(db, user, input.origin, input.codeChallenge, now);
}

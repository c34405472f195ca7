import { systemNow } from '@/server/clock';
import type { Db } from '@/db/client';
import type { UserRow } from '@/db/schema';
import { verifyPassword } from '@/server/auth/password';
import { AppError, validationError } from '@/server/errors';
import { clearFailures, countAttempt, failedAttempt, lockoutKey } from '../auth/lockout';
import { verifySecondFactor } from '../mfa/verify-second-factor';
import { getUserOrThrow } from './get-user-or-throw';

export interface StepUpProof {
  current_password?: string;
  mfa_code?: string;
}

const stepUpFailed = (what: string) => new AppError('permission_denied', { code: 'step_up_failed', detail: `The ${what} is not correct.` });

/**
 * spec: Authentication rule 7 (API keys), also used by the account export (CONTRACT: Account export): the current
 * password for accounts that have one, an MFA code when MFA is on (unless `secondFactor` is off).
 * Missing proof is 422, wrong proof 403 step_up_failed (never 401, which clients read as "signed
 * out"). A wrong password counts toward the account's lockout like a failed sign-in,
 * so a stolen session cannot guess it without limit; while locked, step-up is refused (429).
 */
export async function assertStepUp(
  db: Db,
  userId: number,
  proof: StepUpProof,
  action: string,
  now = systemNow(),
  { secondFactor = true }: { secondFactor?: boolean } = {},
): Promise<UserRow> {
  const user = await getUserOrThrow(db, userId);
  const needsCode = secondFactor && user.mfaEnabled;
  const missing = [];
  if (user.passwordHash && !proof.current_password) missing.push({ field: '/current_password', message: 'current_password is required' });
  if (needsCode && !proof.mfa_code) missing.push({ field: '/mfa_code', message: 'mfa_code is required while MFA is enabled' });
  if (missing.length) throw validationError(missing, `${action} needs step-up verification.`);
  if (user.passwordHash) {
    const key = lockoutKey(user, user.username);
    const attempt = await countAttempt(db, key, 'password', now);
    if (!(await verifyPassword(user.passwordHash, proof.current_password!))) throw failedAttempt(attempt, key, 'password', stepUpFailed('current password'));
    await clearFailures(db, key, 'password');
  }
  if (needsCode && !(await verifySecondFactor(db, user, proof.mfa_code!, now))) throw stepUpFailed('MFA code');
  return user;
}

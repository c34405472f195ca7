import { systemNow } from '@/server/clock';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { authLockouts } from '@/db/schema';
import { lockoutSecondsFor } from '@/server/auth/lockout-policy';
import { AppError } from '@/server/errors';
import { logSecurityEvent } from '@/server/log/security-event';

export type LockoutStep = 'password' | 'mfa';

const CODES = { password: 'account_locked', mfa: 'mfa_locked' } as const;

/** The username key: a known account by id (so e-mail and username share it), else the input. */
export function lockoutKey(user: { id: number } | undefined, input: string): string {
  return user ? `user:${user.id}` : `name:${input.trim().toLowerCase()}`;
}

function lockedError(step: LockoutStep, until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const what = step === 'password' ? 'This account is' : 'The second sign-in step is';
  return new AppError('rate_limited', {
    code: CODES[step],
    detail: `${what} locked after too many failed attempts. Try again in ${seconds} seconds.`,
    headers: { 'Retry-After': String(seconds) },
  });
}

/** What a security log line may say about the account: its id, never a typed name (it may be a password). */
function logged(key: string): string {
  return key.startsWith('user:') ? key : 'unknown user';
}

/** An attempt already counted as a failure; a verified credential takes it back with clearFailures. */
export interface CountedAttempt {
  /** the failure number this attempt becomes if its credential is wrong */
  failures: number;
  /** set when this attempt reached a tier: a wrong credential answers it (429) */
  locked: AppError | null;
}

/**
 * Counts the attempt as a failure before the credential is verified, under a row lock, so that
 * concurrent attempts queue here and at most one tier's worth of them (5) are ever verified: the
 * one reaching a tier also sets the lock that refuses the rest. While locked, attempts are refused
 * before credentials are checked and do not count (CONTRACT: Settled details). The credential is
 * verified after this transaction commits, so slow hashing never holds the lock.
 */
export async function countAttempt(db: Db, key: string, step: LockoutStep, now = systemNow()): Promise<CountedAttempt> {
  const where = and(eq(authLockouts.usernameKey, key), eq(authLockouts.step, step));
  const outcome = await db.transaction(async (tx) => {
    await tx.insert(authLockouts).values({ usernameKey: key, step, failureCount: 0, updatedAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(authLockouts).where(where).for('update');
    if (row?.lockedUntil && row.lockedUntil.getTime() > now.getTime()) return { refused: true as const, until: row.lockedUntil };
    const failures = (row?.failureCount ?? 0) + 1;
    const seconds = lockoutSecondsFor(failures);
    const lockedUntil = seconds > 0 ? new Date(now.getTime() + seconds * 1000) : (row?.lockedUntil ?? null);
    await tx.update(authLockouts).set({ failureCount: failures, lockedUntil, updatedAt: now }).where(where);
    return { refused: false as const, failures, lockedUntil: seconds > 0 ? lockedUntil : null };
  });
  if (outcome.refused) {
    logSecurityEvent('login_refused_locked', { step, account: logged(key) });
    throw lockedError(step, outcome.until, now);
  }
  return { failures: outcome.failures, locked: outcome.lockedUntil ? lockedError(step, outcome.lockedUntil, now) : null };
}

/** Logs a wrong credential (never the credential itself) and picks the answer: the lock or `otherwise`. */
export function failedAttempt(attempt: CountedAttempt, key: string, step: LockoutStep, otherwise: AppError): AppError {
  logSecurityEvent('login_failed', { step, account: logged(key), failures: attempt.failures });
  if (attempt.locked) logSecurityEvent('lockout', { step, account: logged(key), failures: attempt.failures });
  return attempt.locked ?? otherwise;
}

/** A success resets the count (and lifts a lock this very attempt set). */
export async function clearFailures(db: Db, key: string, step: LockoutStep): Promise<void> {
  await db.delete(authLockouts).where(and(eq(authLockouts.usernameKey, key), eq(authLockouts.step, step)));
}

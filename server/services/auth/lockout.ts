import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { authLockouts } from '@/db/schema';
import { lockoutSecondsFor } from '@/server/auth/lockout-policy';
import { AppError } from '@/server/errors';

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

/** While locked, attempts are refused before credentials are checked and do not count. */
export async function assertNotLocked(db: Db, key: string, step: LockoutStep, now = new Date()): Promise<void> {
  const [row] = await db
    .select({ lockedUntil: authLockouts.lockedUntil })
    .from(authLockouts)
    .where(and(eq(authLockouts.usernameKey, key), eq(authLockouts.step, step)));
  if (row?.lockedUntil && row.lockedUntil.getTime() > now.getTime()) throw lockedError(step, row.lockedUntil, now);
}

/**
 * Counts a failure atomically (one upsert, so instances and concurrent attempts agree). Returns
 * the lockout error when this failure reaches a tier: that failure already answers 429.
 */
export async function recordFailure(db: Db, key: string, step: LockoutStep, now = new Date()): Promise<{ failures: number; locked: AppError | null }> {
  const [row] = await db
    .insert(authLockouts)
    .values({ usernameKey: key, step, failureCount: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [authLockouts.usernameKey, authLockouts.step],
      set: { failureCount: sql`${authLockouts.failureCount} + 1`, updatedAt: now },
    })
    .returning({ failures: authLockouts.failureCount });
  const failures = row?.failures ?? 1;
  const seconds = lockoutSecondsFor(failures);
  if (seconds === 0) return { failures, locked: null };
  const until = new Date(now.getTime() + seconds * 1000);
  await db
    .update(authLockouts)
    .set({ lockedUntil: until })
    .where(and(eq(authLockouts.usernameKey, key), eq(authLockouts.step, step)));
  return { failures, locked: lockedError(step, until, now) };
}

/** A success resets the count. */
export async function clearFailures(db: Db, key: string, step: LockoutStep): Promise<void> {
  await db.delete(authLockouts).where(and(eq(authLockouts.usernameKey, key), eq(authLockouts.step, step)));
}

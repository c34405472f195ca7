import { and, gt, like } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { authLockouts } from '@/db/schema';
import { now } from '@/server/clock';

/**
 * The accounts whose sign-in is locked at `at` (password or MFA step), by user id, with the time
 * the last of their locks ends. The admin page offers Unlock on these only (issue 50): a count of
 * failures below a tier locks nothing. Keys of unknown names (`name:…`, lockout.ts) name no account.
 */
export async function listLockedAccounts(db: Db, at: Date = now()): Promise<Map<number, Date>> {
  const rows = await db
    .select({ key: authLockouts.usernameKey, until: authLockouts.lockedUntil })
    .from(authLockouts)
    .where(and(like(authLockouts.usernameKey, 'user:%'), gt(authLockouts.lockedUntil, at)));
  const locked = new Map<number, Date>();
  for (const { key, until } of rows) {
    const userId = Number(key.slice('user:'.length));
    const before = locked.get(userId);
    if (until && (!before || until > before)) locked.set(userId, until);
  }
  return locked;
}

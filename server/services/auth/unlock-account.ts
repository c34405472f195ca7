import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { authLockouts } from '@/db/schema';
import { logSecurityEvent } from '@/server/log/security-event';
import { getUserOrThrow } from '../users/get-user-or-throw';
import { lockoutKey } from './lockout';

/**
 * An administrator lifts a user's lockout (password and MFA steps) and resets its
 * count. The spec's lockout tiers never end for an attacker who keeps guessing, so without this
 * the owner could be kept out for good. Returns whether any lock or count was there.
 */
export async function unlockAccount(db: Db, userId: number): Promise<{ unlocked: boolean }> {
  const user = await getUserOrThrow(db, userId);
  const removed = await db
    .delete(authLockouts)
    .where(eq(authLockouts.usernameKey, lockoutKey(user, '')))
    .returning({ step: authLockouts.step });
  logSecurityEvent('account_unlocked', { account: `user:${user.id}`, steps: removed.map((r) => r.step) });
  return { unlocked: removed.length > 0 };
}

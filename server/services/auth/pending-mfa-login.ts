import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { pendingMfaLogins } from '@/db/schema';
import { env } from '@/server/env';

/** Spec "Pending MFA login": a correct password with MFA on waits for the second step. */
export async function createPendingMfaLogin(db: Db, input: { userId: number; clientType: 'web' | 'mobile' }, now = new Date()): Promise<void> {
  const expiresAt = new Date(now.getTime() + env().MFA_PENDING_TTL_SECONDS * 1000);
  await db
    .insert(pendingMfaLogins)
    .values({ userId: input.userId, clientType: input.clientType, createdAt: now, expiresAt })
    .onConflictDoUpdate({ target: pendingMfaLogins.userId, set: { clientType: input.clientType, createdAt: now, expiresAt } });
}

export async function hasPendingMfaLogin(db: Db, userId: number, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ userId: pendingMfaLogins.userId })
    .from(pendingMfaLogins)
    .where(and(eq(pendingMfaLogins.userId, userId), gt(pendingMfaLogins.expiresAt, now)));
  return Boolean(row);
}

/** Removes the pending login; false when another request completed it first. */
export async function consumePendingMfaLogin(db: Db, userId: number, now = new Date()): Promise<boolean> {
  const removed = await db
    .delete(pendingMfaLogins)
    .where(and(eq(pendingMfaLogins.userId, userId), gt(pendingMfaLogins.expiresAt, now)))
    .returning({ userId: pendingMfaLogins.userId });
  return removed.length > 0;
}

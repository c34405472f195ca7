import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { userIdentities, users } from '@/db/schema';
import { AppError } from '@/server/errors';

/** CONTRACT: DELETE /profile/idp/{idp_id}; unlinking the last way to sign in is a 400. */
export async function unlinkIdentity(db: Db, userId: number, idpId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // the user row is locked so two unlinks at once cannot both see "another way remains"
    const [user] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).for('update');
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId));
    const deleted = await tx
      .delete(userIdentities)
      .where(and(eq(userIdentities.userId, userId), eq(userIdentities.idpId, idpId)))
      .returning({ id: userIdentities.id });
    if (!deleted.length) throw new AppError('not_found', { detail: 'This account is not linked to that identity provider.' });
    if (!user?.passwordHash && count <= 1) {
      throw new AppError('invalid_input', { detail: 'This is your only way to sign in: set a password or link another provider first.' });
    }
  });
}

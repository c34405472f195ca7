import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/server/errors';

/** Deletes a user and, by cascade, everything they own. An admin cannot delete themselves. */
export async function deleteUser(db: Db, actingUserId: number, userId: number): Promise<void> {
  if (actingUserId === userId) throw new AppError('conflict', { detail: 'You cannot delete your own account here.' });
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  if (!deleted.length) throw new AppError('not_found', { detail: 'User not found.' });
}

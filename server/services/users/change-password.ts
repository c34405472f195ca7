import { systemNow } from '@/server/clock';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword, verifyPassword } from '@/server/auth/password';
import { AppError } from '@/server/errors';
import type { ChangePasswordInput } from './schemas';
import { revokeOtherSessions } from '../sessions/revoke-other-sessions';
import { getUserOrThrow } from './get-user-or-throw';

/** CONTRACT: PUT /profile/password revokes every other session of the user. */
export async function changePassword(
  db: Db,
  userId: number,
  currentSessionId: string | undefined,
  input: ChangePasswordInput,
  now = systemNow(),
): Promise<void> {
  const user = await getUserOrThrow(db, userId);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw new AppError('permission_denied', { code: 'step_up_failed', detail: 'The current password is not correct.' });
  }
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await revokeOtherSessions(tx, userId, currentSessionId, 'password changed', now);
  });
}

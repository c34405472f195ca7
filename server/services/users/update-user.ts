import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users, type UserRow } from '@/db/schema';
import { hashPassword } from '@/server/auth/password';
import { AppError } from '@/server/errors';
import { revokeOtherSessions } from '../sessions/revoke-other-sessions';
import type { UpdateUserInput } from './schemas';
import { conflictOnDuplicate } from './unique-violation';

/**
 * Profile edits (own) and admin edits share one mapping from wire fields to columns. A password
 * set by an administrator (a reset) ends every session of the user, as a password change does,
 * and so does deactivating the user.
 */
export async function updateUser(db: Db, userId: number, input: UpdateUserInput): Promise<UserRow> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({
        name: input.name,
        email: input.email,
        preferredUnits: input.preferred_units,
        timezone: input.timezone,
        maxHeartRate: input.max_heart_rate,
        birthdate: input.birthdate,
        locale: input.locale,
        username: input.username,
        accessType: input.access_type,
        active: input.active,
        passwordHash,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning()
      .catch(conflictOnDuplicate);
    if (!user) throw new AppError('not_found', { detail: 'User not found.' });
    if (passwordHash) await revokeOtherSessions(tx, userId, undefined, 'password reset by an administrator');
    // issue 27: a deactivated user's sessions end, so that reactivating them revives none
    if (input.active === false) await revokeOtherSessions(tx, userId, undefined, 'user deactivated');
    return user;
  });
}

import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users, type UserRow } from '@/db/schema';
import { hashPassword } from '@/server/auth/password';
import { AppError } from '@/server/errors';
import type { UpdateUserInput } from './schemas';
import { conflictOnDuplicate } from './unique-violation';

/** Profile edits (own) and admin edits share one mapping from wire fields to columns. */
export async function updateUser(db: Db, userId: number, input: UpdateUserInput): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({
      name: input.name,
      email: input.email,
      preferredUnits: input.preferred_units,
      timezone: input.timezone,
      maxHeartRate: input.max_heart_rate,
      birthdate: input.birthdate,
      username: input.username,
      accessType: input.access_type,
      active: input.active,
      passwordHash: input.password ? await hashPassword(input.password) : undefined,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning()
    .catch(conflictOnDuplicate);
  if (!user) throw new AppError('not_found', { detail: 'User not found.' });
  return user;
}

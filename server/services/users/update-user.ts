import { now } from '@/server/clock';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users, type UserRow } from '@/db/schema';
import { hashPassword } from '@/server/auth/password';
import { AppError } from '@/server/errors';
import { dispatchJob } from '@/server/job-queue/dispatch-job';
import { revokeOtherSessions } from '../sessions/revoke-other-sessions';
import { queueLoadRecompute } from '../training-load/queue-load-recompute';
import type { UpdateUserInput } from './schemas';
import { conflictOnDuplicate } from './unique-violation';

/**
 * Profile edits (own) and admin edits share one mapping from wire fields to columns. A password
 * set by an administrator (a reset) ends every session of the user, as a password change does,
 * and so does deactivating the user. A new timezone moves activities to other local days (the
 * database moves their daily sums at once), and other thresholds may be in effect on their new days,
 * so their loads are recomputed by a job (CONTRACT: … Training load).
 */
export async function updateUser(db: Db, userId: number, input: UpdateUserInput): Promise<UserRow> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const { user, recompute } = await db.transaction(async (tx) => {
    const timezoneBefore =
      input.timezone === undefined ? undefined : (await tx.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId)))[0]?.timezone;
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
        updatedAt: now(),
      })
      .where(eq(users.id, userId))
      .returning()
      .catch(conflictOnDuplicate);
    if (!user) throw new AppError('not_found', { detail: 'User not found.' });
    if (passwordHash) await revokeOtherSessions(tx, userId, undefined, 'password reset by an administrator');
    // A deactivated user's sessions end, so that reactivating them revives none
    if (input.active === false) await revokeOtherSessions(tx, userId, undefined, 'user deactivated');
    const recompute = input.timezone !== undefined && user.timezone !== timezoneBefore ? await queueLoadRecompute(tx, userId) : null;
    return { user, recompute };
  });
  if (recompute) await dispatchJob(db, recompute);
  return user;
}

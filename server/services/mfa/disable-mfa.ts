import { systemNow } from '@/server/clock';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { mfaBackupCodes, users } from '@/db/schema';
import { verifyPassword } from '@/server/auth/password';
import { AppError } from '@/server/errors';
import { getUserOrThrow } from '../users/get-user-or-throw';
import { verifySecondFactor } from './verify-second-factor';

/** CONTRACT: disabling needs a current MFA code or the current password. */
export async function disableMfa(db: Db, userId: number, proof: { mfaCode?: string; currentPassword?: string }, now = systemNow()): Promise<void> {
  const user = await getUserOrThrow(db, userId);
  if (!user.mfaEnabled) throw new AppError('conflict', { detail: 'MFA is not enabled.' });
  const ok =
    (proof.mfaCode !== undefined && (await verifySecondFactor(db, user, proof.mfaCode, now)) !== null) ||
    (proof.currentPassword !== undefined && (await verifyPassword(user.passwordHash, proof.currentPassword)));
  if (!ok) throw new AppError('permission_denied', { code: 'step_up_failed', detail: 'The MFA code or password is not correct.' });
  await db.transaction(async (tx) => {
    await tx.update(users).set({ mfaEnabled: false, mfaSecret: null, mfaLastStep: null, updatedAt: now }).where(eq(users.id, userId));
    await tx.delete(mfaBackupCodes).where(eq(mfaBackupCodes.userId, userId));
  });
}

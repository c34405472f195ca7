import { systemNow } from '@/server/clock';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/server/errors';
import { getUserOrThrow } from '../users/get-user-or-throw';
import { replaceBackupCodes, type BackupCodes } from './regenerate-backup-codes';
import { verifySecondFactor } from './verify-second-factor';

/** Turns MFA on once a code from the enrolled app checks out; answers the 10 backup codes once. */
export async function enableMfa(db: Db, userId: number, mfaCode: string, now = systemNow()): Promise<BackupCodes> {
  const user = await getUserOrThrow(db, userId);
  if (user.mfaEnabled) throw new AppError('conflict', { detail: 'MFA is already enabled.' });
  if (!user.mfaSecret) throw new AppError('conflict', { detail: 'Start with POST /profile/mfa/setup to get a secret first.' });
  if ((await verifySecondFactor(db, user, mfaCode, now)) !== 'totp') {
    throw new AppError('invalid_input', { detail: 'The MFA code is not valid for the secret being set up.' });
  }
  return db.transaction(async (tx) => {
    await tx.update(users).set({ mfaEnabled: true, updatedAt: now }).where(eq(users.id, userId));
    return replaceBackupCodes(tx, userId, now);
  });
}

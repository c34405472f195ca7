import { systemNow } from '@/server/clock';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { mfaBackupCodes } from '@/db/schema';
import { BACKUP_CODES_PER_USER, backupCodeHmac, newBackupCode } from '@/server/auth/backup-codes';
import { AppError } from '@/server/errors';
import { getUserOrThrow } from '../users/get-user-or-throw';

export interface BackupCodes {
  codes: string[];
  createdAt: Date;
}

/** Replaces the user's codes inside the caller's transaction; the codes are shown this once. */
export async function replaceBackupCodes(tx: Db, userId: number, now = systemNow()): Promise<BackupCodes> {
  const codes = new Set<string>();
  while (codes.size < BACKUP_CODES_PER_USER) codes.add(newBackupCode());
  await tx.delete(mfaBackupCodes).where(eq(mfaBackupCodes.userId, userId));
  await tx.insert(mfaBackupCodes).values([...codes].map((code) => ({ userId, codeHmac: backupCodeHmac(code), createdAt: now })));
  return { codes: [...codes], createdAt: now };
}

/** POST /profile/mfa/backup-codes: all previous codes die. */
export async function regenerateBackupCodes(db: Db, userId: number, now = systemNow()): Promise<BackupCodes> {
  const user = await getUserOrThrow(db, userId);
  if (!user.mfaEnabled) throw new AppError('conflict', { detail: 'MFA is not enabled, so there are no backup codes to regenerate.' });
  return db.transaction((tx) => replaceBackupCodes(tx, userId, now));
}

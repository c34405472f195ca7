import { systemNow } from '@/server/clock';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { mfaBackupCodes, users, type UserRow } from '@/db/schema';
import { backupCodeHmac, normalizeBackupCode } from '@/server/auth/backup-codes';
import { openSecret } from '@/server/auth/secret-box';
import { looksLikeTotp, verifyTotp } from '@/server/auth/totp';

/**
 * Accepts a TOTP code (each time step once) or an unused backup code (spec: Authentication rule 5), marking it
 * used in the same statement that checks it, so two racing requests cannot both spend it.
 */
export async function verifySecondFactor(
  db: Db,
  user: Pick<UserRow, 'id' | 'mfaSecret' | 'mfaLastStep'>,
  code: string,
  now = systemNow(),
): Promise<'totp' | 'backup' | null> {
  const trimmed = code.trim();
  if (looksLikeTotp(trimmed)) {
    if (!user.mfaSecret) return null;
    const step = await verifyTotp(openSecret(user.mfaSecret), trimmed, user.mfaLastStep, now.getTime());
    if (step === null) return null;
    const claimed = await db
      .update(users)
      .set({ mfaLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
      .returning({ id: users.id });
    return claimed.length ? 'totp' : null;
  }
  const backup = normalizeBackupCode(trimmed);
  if (!backup) return null;
  const used = await db
    .update(mfaBackupCodes)
    .set({ usedAt: now })
    .where(and(eq(mfaBackupCodes.userId, user.id), eq(mfaBackupCodes.codeHmac, backupCodeHmac(backup)), isNull(mfaBackupCodes.usedAt)))
    .returning({ id: mfaBackupCodes.id });
  return used.length ? 'backup' : null;
}

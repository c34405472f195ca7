import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { mfaBackupCodes } from '@/db/schema';

export interface BackupCodeStatus {
  hasCodes: boolean;
  total: number;
  unused: number;
  used: number;
  createdAt: Date | null;
}

export async function getBackupCodeStatus(db: Db, userId: number): Promise<BackupCodeStatus> {
  const rows = await db
    .select({ usedAt: mfaBackupCodes.usedAt, createdAt: mfaBackupCodes.createdAt })
    .from(mfaBackupCodes)
    .where(eq(mfaBackupCodes.userId, userId));
  const used = rows.filter((r) => r.usedAt).length;
  return { hasCodes: rows.length > 0, total: rows.length, unused: rows.length - used, used, createdAt: rows[0]?.createdAt ?? null };
}

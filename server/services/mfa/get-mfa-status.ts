import type { Db } from '@/db/client';
import { getUserOrThrow } from '../users/get-user-or-throw';

export async function getMfaStatus(db: Db, userId: number): Promise<{ enabled: boolean }> {
  const user = await getUserOrThrow(db, userId);
  return { enabled: user.mfaEnabled };
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { AppError } from '@/server/errors';
import { isUuid } from '@/server/util/uuid';

const notFound = () => new AppError('not_found', { detail: 'No such API key.' });

/** Soft: the key stays listed with is_active false and is refused at once. */
export async function revokeApiKey(db: Db, userId: number, keyId: string): Promise<void> {
  if (!isUuid(keyId)) throw notFound();
  const updated = await db
    .update(apiKeys)
    .set({ isActive: false })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  if (!updated.length) throw notFound();
}

/** Hard: the key is gone. */
export async function deleteApiKey(db: Db, userId: number, keyId: string): Promise<void> {
  if (!isUuid(keyId)) throw notFound();
  const deleted = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  if (!deleted.length) throw notFound();
}

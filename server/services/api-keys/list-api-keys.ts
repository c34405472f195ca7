import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys } from '@/db/schema';
import type { ApiKeyRow } from './api-key-record';

export function listApiKeys(db: Db, userId: number): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
}

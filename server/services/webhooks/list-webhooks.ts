import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { webhooks, type WebhookRow } from '@/db/schema';

export function listWebhooks(db: Db, userId: number): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(eq(webhooks.userId, userId)).orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

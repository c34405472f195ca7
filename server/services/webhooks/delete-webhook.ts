import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { webhooks } from '@/db/schema';
import { isUuid } from '@/server/util/uuid';
import { webhookNotFound } from './get-webhook-or-throw';

/** Its deliveries go with it; a delivery job still pending finds nothing and ends. */
export async function deleteWebhook(db: Db, userId: number, webhookId: string): Promise<void> {
  if (!isUuid(webhookId)) throw webhookNotFound();
  const gone = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.userId, userId)))
    .returning({ id: webhooks.id });
  if (!gone.length) throw webhookNotFound();
}

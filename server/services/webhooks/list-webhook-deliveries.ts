import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { webhookDeliveries, type WebhookDeliveryRow } from '@/db/schema';
import { getWebhookOrThrow } from './get-webhook-or-throw';

/** The delivery log, newest first (the last 100). */
export async function listWebhookDeliveries(db: Db, userId: number, webhookId: string): Promise<WebhookDeliveryRow[]> {
  await getWebhookOrThrow(db, userId, webhookId);
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(100);
}

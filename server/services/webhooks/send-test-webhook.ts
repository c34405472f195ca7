import type { Db } from '@/db/client';
import { getWebhookOrThrow } from './get-webhook-or-throw';
import { queueWebhookDelivery } from './queue-webhook-event';

/** "Send test event": a `ping` delivery (data `{ webhook_id }`), signed and retried like any other. */
export async function sendTestWebhook(db: Db, userId: number, webhookId: string): Promise<{ delivery_id: string }> {
  const webhook = await getWebhookOrThrow(db, userId, webhookId);
  return { delivery_id: await queueWebhookDelivery(db, webhook, 'ping', { webhook_id: webhook.id }) };
}

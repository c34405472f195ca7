import { randomUUID } from 'node:crypto';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { prepareOnServer } from '@/db/pglite-prepared';
import { preparedPerDatabase } from '@/db/prepared';
import { webhookDeliveries, webhooks, type JobRow, type WebhookEvent, type WebhookRow } from '@/db/schema';
import { dispatchJob } from '@/server/job-queue/dispatch-job';
import { recordJob } from '@/server/job-queue/enqueue-job';
import { log } from '@/server/log/logger';
import { now } from '@/server/clock';
import type { WebhookData } from './schemas';

/**
 * Records one delivery and its job in one transaction (CONTRACT: Beyond the spec … Integrations:
 * deliveries run on the job runner, so retries survive restarts and run once across instances).
 * The body is fixed here and sent byte for byte on every attempt.
 */
export async function queueWebhookDelivery(db: Db, webhook: WebhookRow, event: WebhookEvent | 'ping', data: WebhookData): Promise<string> {
  const id = randomUUID();
  const body = JSON.stringify({ id, event, created_at: now().toISOString(), data });
  const job = await db.transaction(async (tx): Promise<JobRow> => {
    await tx.insert(webhookDeliveries).values({ id, webhookId: webhook.id, event, body, nextAttemptAt: now() });
    return recordJob(tx, { kind: 'webhook_delivery', userId: webhook.userId, payload: { delivery_id: id } });
  });
  await dispatchJob(db, job);
  return id;
}

const webhookColumns = getTableColumns(webhooks);

// read after every stored activity (the activity.created subscriber), most often to find none
const webhooksOfUser = preparedPerDatabase((db) =>
  prepareOnServer<WebhookRow>(
    db,
    'webhooks_of_user',
    db
      .select(webhookColumns)
      .from(webhooks)
      .where(eq(webhooks.userId, sql.placeholder('userId'))),
    Object.keys(webhookColumns),
  ),
);

/**
 * Queues a delivery to each of the user's webhooks that subscribed to `event`. Never rejects: an
 * upload, an edit or a job must not fail because a webhook could not be queued (it is logged).
 */
export async function queueWebhookEvent(db: Db, userId: number, event: WebhookEvent, data: WebhookData): Promise<void> {
  await queueWebhookEvents(db, userId, event, [data]);
}

/** queueWebhookEvent for several events of one kind (the user's webhooks read once), in order. */
export async function queueWebhookEvents(db: Db, userId: number, event: WebhookEvent, data: readonly WebhookData[]): Promise<void> {
  if (!data.length) return;
  try {
    const subscribed = (await webhooksOfUser(db).execute({ userId })).filter((w) => w.events.includes(event));
    for (const one of data) for (const webhook of subscribed) await queueWebhookDelivery(db, webhook, event, one);
  } catch (error) {
    log().error({ err: error, user_id: userId, event }, 'could not queue webhook deliveries');
  }
}

import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { webhookDeliveries, webhooks } from '@/db/schema';
import { openSecret } from '@/server/auth/secret-box';
import { env } from '@/server/env';
import { nowMs } from '@/server/clock';
import { guardedPost } from '@/server/util/guarded-post';
import { webhookSignature } from './webhook-signature';

// CONTRACT: Beyond the spec … Integrations: at least 5 attempts over at least 10 minutes. Six
// attempts, the waits doubling from WEBHOOK_RETRY_BASE_SECONDS: 30+60+120+240+480 s = 15.5 min.
export const WEBHOOK_MAX_ATTEMPTS = 6;

export interface WebhookAttemptOutcome {
  /** no further attempt: delivered, given up, or the delivery (its webhook) is gone */
  done: boolean;
  delivered: boolean;
  /** when not done: the time of the next attempt (ISO) */
  retryAt: string | null;
}

/** Attempt number `attempt` of one delivery: sign now, POST, record the answer on the delivery row. */
export async function attemptWebhookDelivery(db: Db, deliveryId: string, attempt: number): Promise<WebhookAttemptOutcome> {
  const [found] = await db
    .select({ delivery: webhookDeliveries, webhook: webhooks })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!found || found.delivery.status !== 'pending') return { done: true, delivered: found?.delivery.status === 'succeeded', retryAt: null };
  const { delivery, webhook } = found;
  const config = env();
  const timestamp = Math.floor(nowMs() / 1000);
  const headers = {
    'user-agent': 'Stride-Webhooks/1',
    'x-stride-event': delivery.event,
    'x-stride-delivery': delivery.id,
    'x-stride-timestamp': String(timestamp),
    'x-stride-signature': webhookSignature(openSecret(webhook.secret, 'webhook-secret-box'), timestamp, delivery.body),
  };
  let status: number | null = null;
  let error: string | null = null;
  try {
    status = await guardedPost(new URL(webhook.url), delivery.body, headers, {
      timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    });
    if (status < 200 || status > 299) error = `the receiver answered ${status}`;
  } catch (cause) {
    error = cause instanceof Error ? cause.message : String(cause);
  }
  const delivered = error === null;
  const last = attempt >= WEBHOOK_MAX_ATTEMPTS;
  // one reading of the clock for both: the backoff is exactly next_attempt_at − last_attempt_at
  const attemptedAt = nowMs();
  const retryAt = delivered || last ? null : new Date(attemptedAt + config.WEBHOOK_RETRY_BASE_SECONDS * 1000 * 2 ** (attempt - 1));
  await db
    .update(webhookDeliveries)
    .set({
      attempts: attempt,
      status: delivered ? 'succeeded' : last ? 'failed' : 'pending',
      responseStatus: status,
      lastError: error?.slice(0, 500) ?? null,
      lastAttemptAt: new Date(attemptedAt),
      nextAttemptAt: retryAt,
    })
    .where(eq(webhookDeliveries.id, deliveryId));
  return { done: delivered || last, delivered, retryAt: retryAt?.toISOString() ?? null };
}

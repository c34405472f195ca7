import type { WebhookDeliveryRow, WebhookRow } from '@/db/schema';
import type { WebhookDeliveryResponse, WebhookResponse } from './schemas';

export function webhookRecord(row: WebhookRow, secret?: string): WebhookResponse {
  return { id: row.id, url: row.url, events: row.events, created_at: row.createdAt.toISOString(), ...(secret !== undefined ? { secret } : {}) };
}

export function webhookDeliveryRecord(row: WebhookDeliveryRow): WebhookDeliveryResponse {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
  };
}

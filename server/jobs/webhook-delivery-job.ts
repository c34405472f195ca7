import { attemptWebhookDelivery } from '@/server/services/webhooks/attempt-webhook-delivery';
import type { JobBody } from './job-body';

// The webhook_delivery job (CONTRACT: Beyond the spec … Integrations): each attempt is a step and
// each wait between attempts a durable sleep, so a restart resumes the schedule where it stood and
// the same delivery id goes out on every attempt. A failed attempt is an outcome, not a job error:
// the job succeeds whether the receiver took the delivery or not (the delivery row says which).

export interface WebhookDeliveryPayload {
  delivery_id: string;
}

export const webhookDeliveryJob: JobBody<WebhookDeliveryPayload> = async ({ payload, step, db }) => {
  for (let attempt = 1; ; attempt++) {
    const outcome = await step.run(`attempt ${attempt}`, () => attemptWebhookDelivery(db, payload.delivery_id, attempt));
    if (outcome.done || !outcome.retryAt) return { attempts: attempt, delivered: outcome.delivered };
    await step.sleepUntil(`retry ${attempt}`, outcome.retryAt);
  }
};

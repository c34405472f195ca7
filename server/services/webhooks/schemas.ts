import { z } from 'zod';
import { WEBHOOK_EVENTS } from '@/db/schema';

// CONTRACT: Beyond the spec … Integrations: outgoing webhooks.

export { WEBHOOK_EVENTS };

/** False also for what is no URL at all (a zoned IPv6 literal such as http://[fe80::1%25eth0]/). */
function withoutCredentials(value: string): boolean {
  const url = URL.canParse(value) ? new URL(value) : null;
  return url !== null && !url.username && !url.password;
}

export const createWebhookInput = z.object({
  url: z
    .url({ protocol: /^https?$/, error: 'url must be an http or https URL', abort: true })
    .max(2048, { message: 'url must be at most 2048 characters', abort: true })
    .refine(withoutCredentials, 'url must not carry credentials'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `events must be among ${WEBHOOK_EVENTS.join(', ')}` }))
    .min(1, 'events must name at least one event')
    .refine((list) => new Set(list).size === list.length, 'events must not repeat'),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;

export const webhookResponse = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  created_at: z.iso.datetime(),
  /** only in the answer that creates it */
  secret: z.string().optional(),
});
export type WebhookResponse = z.infer<typeof webhookResponse>;

export const webhookDeliveryResponse = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.iso.datetime(),
  last_attempt_at: z.iso.datetime().nullable(),
  next_attempt_at: z.iso.datetime().nullable(),
});
export type WebhookDeliveryResponse = z.infer<typeof webhookDeliveryResponse>;

export const testDeliveryResponse = z.object({ delivery_id: z.string() });

/** The body of every delivery, and the `data` of each event. */
export type WebhookData =
  | { activity_id: number }
  | { job_id: string; kind: string; status: string }
  | { webhook_id: string }
  | { goal_id: number; period_start: string; value: number; target: number }
  | { gear_id: number; component_id: number; distance: number; moving_time: number }
  | { suggestion_id: number; activity_id: number; effective_from: string; ftp: number | null; threshold_pace: number | null; max_hr: number | null }
  | { segment_id: number; effort_id: number; activity_id: number; elapsed_time: number };

/** What a receiver gets (documented in the OpenAPI `webhooks` section). */
export const webhookPayload = z.object({
  id: z.uuid().describe('the delivery id, also X-Stride-Delivery; the same on every attempt'),
  event: z.enum([...WEBHOOK_EVENTS, 'ping']),
  created_at: z.iso.datetime(),
  data: z.union([
    z.object({ activity_id: z.number().int() }),
    z.object({ job_id: z.uuid(), kind: z.string(), status: z.enum(['succeeded', 'failed']) }),
    z.object({ webhook_id: z.uuid() }),
    z.object({ goal_id: z.number().int(), period_start: z.iso.date(), value: z.number(), target: z.number() }).describe('goal.reached'),
    z
      .object({ gear_id: z.number().int(), component_id: z.number().int(), distance: z.number(), moving_time: z.number() })
      .describe("gear.service_due: the component's use when it reached an expected figure"),
    z
      .object({
        suggestion_id: z.number().int(),
        activity_id: z.number().int(),
        effective_from: z.iso.date(),
        ftp: z.number().nullable(),
        threshold_pace: z.number().nullable(),
        max_hr: z.number().nullable(),
      })
      .describe('threshold.suggested: the figures the activity suggests as a new dated thresholds entry (null: no change)'),
    z
      .object({ segment_id: z.number().int(), effort_id: z.number().int(), activity_id: z.number().int(), elapsed_time: z.number() })
      .describe('segment_effort.pr: a new activity set the fastest time on one of your segments'),
  ]),
});

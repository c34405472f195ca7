import { z } from 'zod';

// CONTRACT: Beyond the spec … Integrations: Strava push (developers.strava.com/docs/webhooks).

export const stravaChallengeQuery = z.object({
  'hub.mode': z.string().max(64).optional(),
  'hub.challenge': z.string().max(256).optional(),
  'hub.verify_token': z.string().max(256).optional(),
});
export type StravaChallengeQuery = z.infer<typeof stravaChallengeQuery>;

export const stravaChallengeResponse = z.object({ 'hub.challenge': z.string() });

/** Strava's event body. Unknown keys are allowed: Strava may add some. */
export const stravaPushEvent = z.object({
  object_type: z.enum(['activity', 'athlete']),
  object_id: z.number().int().positive(),
  aspect_type: z.enum(['create', 'update', 'delete']),
  owner_id: z.number().int().positive(),
  subscription_id: z.number().int().nonnegative(),
  event_time: z.number().int().nonnegative(),
  updates: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type StravaPushEvent = z.infer<typeof stravaPushEvent>;

/** The same answer for every event: no hint whether it was queued (CONTRACT: revised 2026-11-29). */
export const stravaEventReceipt = z.object({ received: z.literal(true) });
export type StravaEventReceipt = z.infer<typeof stravaEventReceipt>;

import { z } from 'zod';
import { dateInput } from '@/server/util/date-input';

/** GET /strava/activities and tRPC strava.sync: the range of start dates (yyyy-MM-dd, UTC). */
export const stravaSyncInput = z.object({ start_date: dateInput(), end_date: dateInput() });
export type StravaSyncInput = z.infer<typeof stravaSyncInput>;

/** CONTRACT: Settled 2026-11-23: all four keys always, null where they do not apply, ISO UTC. */
export const stravaStatusResponse = z.object({
  linked: z.boolean(),
  athlete_id: z.number().int().nullable(),
  expires_at: z.iso.datetime().nullable(),
  rate_limited_until: z.iso.datetime().nullable(),
  /** Strava refused our tokens (401): the user must connect again */
  needs_reconnect: z.boolean(),
  /** beyond the contract's four: this server has Strava credentials (no Connect offered without) */
  configured: z.boolean(),
});
export type StravaStatusResponse = z.infer<typeof stravaStatusResponse>;

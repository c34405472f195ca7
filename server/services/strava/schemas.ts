import { z } from 'zod';

/** GET /strava/activities and tRPC strava.sync: the range of start dates (yyyy-MM-dd, UTC). */
export const stravaSyncInput = z.object({ start_date: z.iso.date(), end_date: z.iso.date() });
export type StravaSyncInput = z.infer<typeof stravaSyncInput>;

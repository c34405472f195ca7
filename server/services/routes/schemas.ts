import { z } from 'zod';
import { dateInput } from '@/server/util/date-input';
import { ACTIVITY_TYPES } from '@/server/formats';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: GET /activities/routes.

export const findActivityRoutesInput = z
  .object({
    start_date: dateInput().optional(),
    end_date: dateInput().optional(),
    type: z.enum(ACTIVITY_TYPES, { error: `type must be one of: ${ACTIVITY_TYPES.join(', ')}` }).optional(),
    /** `minLon,minLat,maxLon,maxLat`; read by the service (a malformed one is a 400, not a 422) */
    bbox: z.string().max(200).optional(),
  })
  .refine((v) => !v.start_date || !v.end_date || v.start_date <= v.end_date, {
    message: 'start_date must not be after end_date',
    path: ['start_date'],
  });

export type FindActivityRoutesInput = z.infer<typeof findActivityRoutesInput>;

export const activityRouteResponse = z.object({
  id: z.number().int(),
  activity_type: z.string(),
  start_time: z.string(),
  /** Google's encoded polyline format, precision 5 */
  polyline: z.string(),
});

export const activityRoutesResponse = z.object({ items: z.array(activityRouteResponse) });

export type ActivityRoutes = z.infer<typeof activityRoutesResponse>;

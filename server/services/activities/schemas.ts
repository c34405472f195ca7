import { z } from 'zod';
import { VISIBILITIES } from '@/db/schema';
import { ACTIVITY_TYPES } from '@/server/formats';

// Inputs of the activity operations, shared by the REST wire and tRPC (STYLE rule 4).

const activityType = z.enum(ACTIVITY_TYPES, { error: `activity_type must be one of: ${ACTIVITY_TYPES.join(', ')}` });
const isoDate = z.iso.date({ error: 'must be a date in the form yyyy-MM-dd' });
const id = z.coerce.number().int().positive().max(2_147_483_647);
/** REST query strings say "true"/"false"; tRPC sends booleans. */
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);

/** CONTRACT: PATCH body is closed: unknown fields → 422. */
export const updateActivityInput = z.strictObject({
  name: z.string().trim().min(1, 'name must not be empty').max(255),
  description: z.string().max(10_000).nullable(),
  activity_type: activityType,
  visibility: z.enum(VISIBILITIES),
  is_hidden: z.boolean(),
  gear_id: id.nullable(),
}).partial();

export type UpdateActivityInput = z.infer<typeof updateActivityInput>;

export const SORT_COLUMNS = ['start_time', 'distance', 'duration', 'name'] as const;

/** CONTRACT: GET /activities query. */
export const listActivitiesInput = z
  .object({
    type: activityType.optional(),
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    q: z.string().trim().max(200).optional(),
    gear_id: id.optional(),
    sort_by: z.enum(SORT_COLUMNS).default('start_time'),
    sort_order: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(25),
    include_hidden: flag.default(false),
  })
  .refine((v) => !v.start_date || !v.end_date || v.start_date <= v.end_date, {
    message: 'start_date must not be after end_date',
    path: ['start_date'],
  });

export type ListActivitiesInput = z.infer<typeof listActivitiesInput>;

export const exportFormatInput = z.object({ format: z.enum(['gpx', 'original']).default('gpx') });

/** The If-Match header as the service understands it: a version, any ('*'), or absent. */
export type ExpectedVersion = number | '*' | undefined;

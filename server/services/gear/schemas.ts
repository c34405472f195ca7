import { z } from 'zod';
import { GEAR_TYPES } from '@/db/schema';

const text = (max: number) => z.string().trim().max(max);

export const gearTypeInput = z.enum(GEAR_TYPES, { error: `gear_type must be one of: ${GEAR_TYPES.join(', ')}` });

export const createGearInput = z.strictObject({
  nickname: text(100)
    .min(1, 'nickname is required')
    .refine((v) => !/^[\s+]*$/.test(v), 'nickname must not be blank'),
  gear_type: gearTypeInput,
  brand: text(100).nullable().optional(),
  model: text(100).nullable().optional(),
  active: z.boolean().optional(),
});

export type CreateGearInput = z.infer<typeof createGearInput>;

/** PUT /gears/{id}: the fields to change (missing ones stay as they are). */
export const updateGearInput = createGearInput.partial();

export type UpdateGearInput = z.infer<typeof updateGearInput>;

export const GEAR_CSV_KINDS = ['bikes', 'shoes'] as const;
export type GearCsvKind = (typeof GEAR_CSV_KINDS)[number];

/** spec: Limits leave the CSV size open: 5 MiB is ~50,000 rows, far beyond any real export. */
export const GEAR_CSV_MAX_BYTES = 5 * 1024 * 1024;

const at = z.iso.datetime();

/** CONTRACT: the gear record adds total_distance (m) and activity_count. */
export const gearResponse = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  nickname: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  gear_type: z.enum(GEAR_TYPES),
  active: z.boolean(),
  provider_gear_id: z.number().nullable(),
  total_distance: z.number(),
  activity_count: z.number().int(),
  created_at: at,
  updated_at: at,
});
export type GearResponse = z.infer<typeof gearResponse>;

/** POST /strava/import/{bikes,shoes}: what the CSV added and how many rows it skipped. */
export const gearCsvImportResponse = z.object({ created: z.number().int(), skipped: z.number().int(), gear: z.array(gearResponse) });

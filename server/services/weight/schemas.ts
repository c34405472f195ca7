import { z } from 'zod';
import { dateInput } from '@/server/util/date-input';
import { bodyCompositionInput, bodyCompositionOf, bodyCompositionResponse, type BodyComposition } from './body-composition';

const day = dateInput();

/**
 * spec: health: weight (number), created_at (yyyy-MM-dd). CONTRACT: Settled details: bad ones → 422.
 * Issue 51: `date` is an alias of created_at (the Endurain API's and openScale-sync's name), and the
 * body composition is optional; any other key is still refused.
 */
export const createWeightInput = z
  .strictObject({
    weight: z.number({ error: 'weight must be a number' }).positive('weight must be positive').max(1000, 'weight must be at most 1000').describe('kg'),
    created_at: day.optional().describe('The day of the entry; required unless `date` is given'),
    date: day.optional().describe('Alias of created_at'),
    ...bodyCompositionInput.shape,
  })
  .refine((v) => v.created_at !== undefined || v.date !== undefined, { message: 'created_at (or date) is required', path: ['created_at'] })
  .refine((v) => v.created_at === undefined || v.date === undefined || v.created_at === v.date, {
    message: 'created_at and date name different days',
    path: ['date'],
  })
  .transform((v) => ({ weight: v.weight, created_at: (v.created_at ?? v.date)!, ...bodyCompositionOf(v) }));

/** What createWeight stores: the body composition may be left out (then it is cleared). */
export type CreateWeightInput = { weight: number; created_at: string } & Partial<BodyComposition>;

export const listWeightsInput = z
  .object({ start_date: dateInput().optional(), end_date: dateInput().optional() })
  .refine((v) => !v.start_date || !v.end_date || v.start_date <= v.end_date, { message: 'start_date must not be after end_date', path: ['start_date'] });

export type ListWeightsInput = z.infer<typeof listWeightsInput>;

const pageNumber = z.coerce.number().int().min(1, 'page_number must be at least 1').max(1_000_000);
const numRecords = z.coerce.number().int().min(1, 'num_records must be at least 1').max(1000, 'num_records must be at most 1000');

/** Issue 51: Endurain's paging (openScale-sync sends both): newest first, one page. */
export const weightPageInput = z.object({ start_date: day.optional(), end_date: day.optional(), page_number: pageNumber, num_records: numRecords });
export type WeightPageInput = z.infer<typeof weightPageInput>;

/** GET /health/weight's query: our own (a plain array), or with page_number and num_records both, a page. */
export const weightsQuery = z
  .object({ start_date: day.optional(), end_date: day.optional(), page_number: pageNumber.optional(), num_records: numRecords.optional() })
  .refine((v) => !v.start_date || !v.end_date || v.start_date <= v.end_date, { message: 'start_date must not be after end_date', path: ['start_date'] })
  .refine((v) => (v.page_number === undefined) === (v.num_records === undefined), {
    message: 'page_number and num_records go together',
    path: ['page_number'],
  });

export const weightResponse = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  weight: z.number().describe('kg'),
  created_at: z.iso.date(),
  date: z.iso.date().describe('The same day as created_at (the Endurain name)'),
  ...bodyCompositionResponse.shape,
  updated_at: z.iso.datetime(),
});
export type WeightResponse = z.infer<typeof weightResponse>;

/** Endurain's HealthWeightListResponse. */
export const weightPageResponse = z.object({
  total: z.number().int().describe('Entries in the range, on every page'),
  num_records: z.number().int(),
  page_number: z.number().int(),
  records: z.array(weightResponse),
});
export type WeightPageResponse = z.infer<typeof weightPageResponse>;

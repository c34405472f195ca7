import { z } from 'zod';
import { dateInput } from '@/server/util/date-input';

/** spec: health: weight (number), created_at (yyyy-MM-dd). CONTRACT: Settled details: bad ones → 422. */
export const createWeightInput = z.strictObject({
  weight: z.number({ error: 'weight must be a number' }).positive('weight must be positive').max(1000, 'weight must be at most 1000'),
  created_at: dateInput(),
});

export type CreateWeightInput = z.infer<typeof createWeightInput>;

export const listWeightsInput = z
  .object({ start_date: dateInput().optional(), end_date: dateInput().optional() })
  .refine((v) => !v.start_date || !v.end_date || v.start_date <= v.end_date, { message: 'start_date must not be after end_date', path: ['start_date'] });

export type ListWeightsInput = z.infer<typeof listWeightsInput>;

export const weightResponse = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  weight: z.number(),
  created_at: z.iso.date(),
  updated_at: z.iso.datetime(),
});
export type WeightResponse = z.infer<typeof weightResponse>;

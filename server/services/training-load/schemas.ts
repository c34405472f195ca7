import { z } from 'zod';
import { dateInput } from '@/server/util/date-input';

// CONTRACT: Beyond the spec … Training load: inputs and wire answers (STYLE rule 4).

const isoDate = z.iso.date({ error: 'must be a date in the form yyyy-MM-dd' });
/** at most 20 years of days in one answer */
export const MAX_FITNESS_DAYS = 7305;

/** Plausible human ranges: a typo (1500 for 150) is refused rather than skewing every load. */
const bpm = z.number().min(25).max(250).nullable().default(null);

export const createThresholdInput = z
  .strictObject({
    effective_from: dateInput(),
    max_hr: bpm,
    resting_hr: bpm,
    lthr: bpm,
    ftp: z.number().min(30).max(2000).nullable().default(null),
    /** seconds per km */
    threshold_pace: z.number().min(60).max(1800).nullable().default(null),
  })
  .refine((v) => v.max_hr == null || v.resting_hr == null || v.resting_hr < v.max_hr, {
    message: 'resting_hr must be below max_hr',
    path: ['resting_hr'],
  })
  .refine((v) => v.lthr == null || ((v.resting_hr == null || v.lthr > v.resting_hr) && (v.max_hr == null || v.lthr <= v.max_hr)), {
    message: 'lthr must lie above resting_hr and not above max_hr',
    path: ['lthr'],
  });
export type CreateThresholdInput = z.infer<typeof createThresholdInput>;

export const thresholdResponse = z.object({
  id: z.number().int(),
  effective_from: isoDate,
  max_hr: z.number().nullable(),
  resting_hr: z.number().nullable(),
  lthr: z.number().nullable(),
  ftp: z.number().nullable(),
  threshold_pace: z.number().nullable(),
});
export type ThresholdResponse = z.infer<typeof thresholdResponse>;

export const fitnessInput = z
  .object({ start_date: dateInput(), end_date: dateInput() })
  .refine((v) => v.start_date <= v.end_date, { message: 'start_date must not be after end_date', path: ['start_date'] })
  .refine((v) => (Date.parse(v.end_date) - Date.parse(v.start_date)) / 86_400_000 < MAX_FITNESS_DAYS, {
    message: `the range must not exceed ${MAX_FITNESS_DAYS} days`,
    path: ['end_date'],
  });
export type FitnessInput = z.infer<typeof fitnessInput>;

export const fitnessDay = z.object({ date: isoDate, load: z.number(), ctl: z.number(), atl: z.number(), tsb: z.number() });

export const activityLoadResponse = z.object({
  activity_id: z.number().int(),
  trimp: z.number().nullable(),
  training_load: z.number().nullable(),
  load_method: z.enum(['power', 'hr', 'pace']).nullable(),
  intensity_factor: z.number().nullable(),
  /** why there is no training load (null when there is one) */
  missing_reason: z.enum(['no_heart_rate', 'no_thresholds']).nullable(),
  /** the thresholds entry in effect on the activity's start day, if any */
  thresholds: thresholdResponse.nullable(),
});
export type ActivityLoadResponse = z.infer<typeof activityLoadResponse>;

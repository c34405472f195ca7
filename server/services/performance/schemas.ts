import { z } from 'zod';
import { dateInput } from '@/server/util/date-input';
import { recordsInput } from '../efforts/schemas';

// Grade-adjusted pace (issue 52), Curves, Performance model: inputs and wire
// answers, shared by REST, tRPC and the web app (STYLE rule 4).

const secondsPerKm = z.number().meta({ description: 's/km' });

export const activityGapResponse = z.object({
  activity_id: z.number().int(),
  /** the activity's average pace × its distance over its equivalent flat distance */
  average_gap: secondsPerKm.nullable(),
  laps: z.array(z.object({ lap_index: z.number().int(), pace: secondsPerKm.nullable(), gap: secondsPerKm.nullable() })),
  splits: z.array(z.object({ split: z.number().int(), distance: z.number(), elapsed_time: z.number().int(), pace: secondsPerKm, gap: secondsPerKm })),
});
export type ActivityGapResponse = z.infer<typeof activityGapResponse>;

export const CURVE_KINDS = ['power', 'pace', 'gap_pace', 'hr'] as const;
export type CurveKind = (typeof CURVE_KINDS)[number];

const dateRange = {
  start_date: dateInput().optional(),
  end_date: dateInput().optional(),
};
const startNotAfterEnd = (v: { start_date?: string; end_date?: string }) => !v.start_date || !v.end_date || v.start_date <= v.end_date;
const startNotAfterEndIssue = { message: 'start_date must not be after end_date', path: ['start_date'] };

export const curvesInput = z
  .object({
    kind: z.enum(CURVE_KINDS),
    /** a family (run, ride, …) or one activity type; pace and gap_pace default to run, power and hr to every type */
    type: recordsInput.shape.type.optional(),
    ...dateRange,
  })
  .refine(startNotAfterEnd, startNotAfterEndIssue);
export type CurvesInput = z.infer<typeof curvesInput>;

const at = z.iso.datetime();

export const curvePoint = z.object({
  /** seconds (power, hr) or metres (pace, gap_pace) */
  measure: z.number(),
  /** whole watts (power), whole bpm (hr) or whole seconds over the distance (pace, gap_pace) */
  value: z.number().int(),
  activity_id: z.number().int(),
  start_time: at,
});
export type CurvePoint = z.infer<typeof curvePoint>;

export const curvesResponse = z.object({
  kind: z.enum(CURVE_KINDS),
  type: z.string().nullable(),
  start_date: z.iso.date().nullable(),
  end_date: z.iso.date().nullable(),
  points: z.array(curvePoint),
});
export type CurvesResponse = z.infer<typeof curvesResponse>;

export const MODEL_TYPES = ['ride', 'run'] as const;

export const performanceModelInput = z
  .object({
    type: z.enum(MODEL_TYPES),
    /** both absent: the 90 days up to today in the profile's timezone */
    ...dateRange,
  })
  .refine(startNotAfterEnd, startNotAfterEndIssue);
export type PerformanceModelInput = z.infer<typeof performanceModelInput>;

export const performanceModelResponse = z.object({
  type: z.enum(MODEL_TYPES),
  start_date: z.iso.date().nullable(),
  end_date: z.iso.date().nullable(),
  /** why the two-parameter model is null: fewer than three bests of 3–20 min, or a fit with CP/CS or W′/D′ not above 0 */
  reason: z.enum(['too_few_efforts', 'implausible_fit']).nullable(),
  /** the curve points the model was fitted from (3–20 min) */
  efforts: z.array(curvePoint),
  critical_power: z.object({ watts: z.number(), w_prime: z.number().meta({ description: 'J' }), r2: z.number() }).nullable(),
  /** 95 % of the best 20-minute power in the range (Allen & Coggan) */
  ftp: z.number().nullable(),
  critical_speed: z
    .object({ speed: z.number().meta({ description: 'm/s' }), pace: secondsPerKm, d_prime: z.number().meta({ description: 'm' }), r2: z.number() })
    .nullable(),
  /** Riegel (1981) from the longest effort fitted */
  predictions: z.array(z.object({ distance: z.number(), time: z.number().int() })),
});
export type PerformanceModelResponse = z.infer<typeof performanceModelResponse>;

export const thresholdSuggestionResponse = z.object({
  id: z.number().int(),
  activity_id: z.number().int().nullable(),
  effective_from: z.iso.date(),
  /** the suggested figures; null where the activity suggests no change */
  ftp: z.number().nullable(),
  threshold_pace: secondsPerKm.nullable(),
  max_hr: z.number().nullable(),
  created_at: z.iso.datetime(),
});
export type ThresholdSuggestionResponse = z.infer<typeof thresholdSuggestionResponse>;

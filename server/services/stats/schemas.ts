import { z } from 'zod';
import { recentRecordsResponse, recordsInput } from '../efforts/schemas';

// CONTRACT: Beyond the spec … Statistics and calendar: inputs and wire answers (STYLE rule 4).

const isoDate = z.iso.date({ error: 'must be a date in the form yyyy-MM-dd' });
/** at most 20 years of buckets in one answer (1,044 weeks) */
const MAX_RANGE_DAYS = 7305;

export const STAT_PERIODS = ['week', 'month', 'year'] as const;

export const statsInput = z
  .object({
    period: z.enum(STAT_PERIODS),
    start_date: isoDate,
    end_date: isoDate,
    type: recordsInput.shape.type.optional(),
  })
  .refine((v) => v.start_date <= v.end_date, { message: 'start_date must not be after end_date', path: ['start_date'] })
  .refine((v) => (Date.parse(v.end_date) - Date.parse(v.start_date)) / 86_400_000 <= MAX_RANGE_DAYS, {
    message: `the range must not exceed ${MAX_RANGE_DAYS} days`,
    path: ['end_date'],
  });
export type StatsInput = z.infer<typeof statsInput>;

const totals = { count: z.number().int(), distance: z.number(), moving_time: z.number() };

export const statsBucket = z.object({
  start: isoDate,
  ...totals,
  elapsed_time: z.number(),
  elevation_gain: z.number(),
  calories: z.number(),
  by_type: z.record(z.string(), z.object(totals)),
});
export const statsResponse = z.array(statsBucket);
export type StatsBucket = z.infer<typeof statsBucket>;

export const calendarInput = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be in the form yyyy-MM') });
export type CalendarInput = z.infer<typeof calendarInput>;
export const calendarResponse = z.array(
  z.object({
    date: isoDate,
    activities: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        activity_type: z.string(),
        distance: z.number().nullable(),
        moving_time: z.number().nullable(),
        start_time: z.iso.datetime(),
      }),
    ),
  }),
);
export type CalendarResponse = z.infer<typeof calendarResponse>;

const summaryTotals = z.object({ ...totals, elevation_gain: z.number() });
export const summaryResponse = z.object({
  this_week: summaryTotals,
  this_month: summaryTotals,
  this_year: summaryTotals,
  all_time: summaryTotals,
  streak_weeks: z.number().int(),
});
export type SummaryResponse = z.infer<typeof summaryResponse>;

/** The web app's home in one answer: today in the profile's timezone and what the dashboard shows of it. */
export const dashboardResponse = z.object({
  today: isoDate,
  summary: summaryResponse,
  /** the 12 Monday weeks up to today's */
  weeks: z.array(statsBucket),
  /** today's month */
  calendar: calendarResponse,
  recent_records: recentRecordsResponse,
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

export const EDDINGTON_UNITS = ['km', 'mi'] as const;
export const eddingtonInput = z.object({
  type: recordsInput.shape.type.optional(),
  /** the profile's preferred units when absent */
  unit: z.enum(EDDINGTON_UNITS, { error: 'unit must be km or mi' }).optional(),
});
export type EddingtonInput = z.infer<typeof eddingtonInput>;
export const eddingtonResponse = z.object({
  e: z.number().int(),
  /** more days of at least e + 1 units needed to reach e + 1 */
  days_for_next: z.number().int(),
  /** E at the end of each year, counting every day up to then, oldest first */
  history: z.array(z.object({ year: z.number().int(), e: z.number().int() })),
});
export type EddingtonResponse = z.infer<typeof eddingtonResponse>;

import { z } from 'zod';
import { dateInput, monthInput } from '@/server/util/date-input';
import { recentRecordsResponse, recordsInput } from '../efforts/schemas';

// CONTRACT: Beyond the spec … Statistics and calendar: inputs and wire answers (STYLE rule 4).

const isoDate = z.iso.date({ error: 'must be a date in the form yyyy-MM-dd' });
/** at most this many buckets in one answer: 20 years of weeks, or a century of months or years */
export const MAX_STATS_BUCKETS = 1200;

export const STAT_PERIODS = ['week', 'month', 'year'] as const;

/**
 * How many periods a range touches (at least). The bound is on buckets, not days: a whole history
 * of 30 years by year is 30 buckets and must be one answer, while 30 years by week would be 1,565.
 */
export function bucketCount(period: (typeof STAT_PERIODS)[number], start: string, end: string): number {
  const years = Number(end.slice(0, 4)) - Number(start.slice(0, 4));
  if (period === 'year') return years + 1;
  if (period === 'month') return years * 12 + Number(end.slice(5, 7)) - Number(start.slice(5, 7)) + 1;
  return Math.floor((Date.parse(end) - Date.parse(start)) / (7 * 86_400_000)) + 1;
}

export const statsInput = z
  .object({
    period: z.enum(STAT_PERIODS),
    start_date: dateInput(),
    end_date: dateInput(),
    type: recordsInput.shape.type.optional(),
  })
  .refine((v) => v.start_date <= v.end_date, { message: 'start_date must not be after end_date', path: ['start_date'] })
  .refine((v) => bucketCount(v.period, v.start_date, v.end_date) <= MAX_STATS_BUCKETS, {
    message: `the range must not hold more than ${MAX_STATS_BUCKETS} periods`,
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

export const calendarInput = z.object({ month: monthInput() });
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
  /** the local day of the first visible activity (null without any): where statistics' history begins */
  first_day: isoDate.nullable(),
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

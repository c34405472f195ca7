import { addDays, mondayOf } from '@/server/util/local-day';

// The statistics page's window over the history: a fixed number of whole periods ending with the
// one that holds `end`, moved a window at a time, never before the first activity's period nor
// after today's. Dates are local yyyy-MM-dd days (the profile's timezone), periods start on
// Mondays, first days of months and of years, as GET /stats's buckets do.

export type StatsPeriod = 'week' | 'month' | 'year';

/** Periods one window shows: half a year of weeks, two years of months, twenty years. */
export const WINDOW_PERIODS: Record<StatsPeriod, number> = { week: 26, month: 24, year: 20 };

/** The first day of the period that holds `day`. */
export function periodStart(period: StatsPeriod, day: string): string {
  if (period === 'week') return mondayOf(day);
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  return `${day.slice(0, 4)}-01-01`;
}

/** The first day of the period `n` periods after (before, when negative) the one holding `day`. */
export function shiftPeriods(period: StatsPeriod, day: string, n: number): string {
  const start = periodStart(period, day);
  if (period === 'week') return addDays(start, 7 * n);
  const year = Number(start.slice(0, 4));
  if (period === 'year') return `${year + n}-01-01`;
  const months = year * 12 + Number(start.slice(5, 7)) - 1 + n;
  return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-01`;
}

export interface StatsWindow {
  start_date: string;
  end_date: string;
  /** an earlier window holds activities */
  hasEarlier: boolean;
  /** a later window reaches up to today */
  hasLater: boolean;
}

/**
 * The window ending with the period of `end` (clamped to today's): WINDOW_PERIODS periods, or from
 * the first activity's period when that is nearer (so a year view shows the whole history when it
 * is shorter than twenty years), never beginning after it.
 */
export function statsWindow(period: StatsPeriod, end: string, today: string, firstDay: string | null): StatsWindow {
  const last = periodStart(period, end > today ? today : end);
  let start = shiftPeriods(period, last, -(WINDOW_PERIODS[period] - 1));
  const first = firstDay ? periodStart(period, firstDay) : null;
  if (period === 'year' && first && first > start) start = first < last ? first : last;
  const lastDay = addDays(shiftPeriods(period, last, 1), -1);
  return {
    start_date: start,
    end_date: lastDay > today ? today : lastDay,
    hasEarlier: first != null && first < start,
    hasLater: last < periodStart(period, today),
  };
}

/** The `end` of the window that begins with the first activity's period. */
export function firstWindowEnd(period: StatsPeriod, firstDay: string): string {
  return shiftPeriods(period, firstDay, WINDOW_PERIODS[period] - 1);
}

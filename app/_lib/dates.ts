import { now } from '@/server/clock';
import { intlTag } from './locale-format';

/** Date and time in the user's zone (profile timezone), falling back to the browser's, in the user's language. */
export function formatDateTime(iso: string | null | undefined, timeZone?: string | null, locale?: string): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(intlTag(locale), { timeZone: timeZone ?? undefined, dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string | null | undefined, timeZone?: string | null, locale?: string): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString(intlTag(locale), { timeZone: timeZone ?? undefined, dateStyle: 'medium' });
}

/** A time of day (hours and minutes) in the browser's zone. */
export function formatTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleTimeString(intlTag(locale), { hour: '2-digit', minute: '2-digit' });
}

/** "November 2026" for a yyyy-MM month. */
export function formatMonth(month: string, locale?: string): string {
  return new Date(`${month}-01T12:00:00Z`).toLocaleDateString(intlTag(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "25 Nov" for a yyyy-MM-dd calendar date (no zone: the date is local already). */
export function formatDayMonth(day: string, locale?: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(intlTag(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** The short name of a calendar date's month ("Nov"), for chart labels. */
export function formatShortMonth(day: string, locale?: string): string {
  return new Date(`${day.slice(0, 7)}-01T12:00:00Z`).toLocaleDateString(intlTag(locale), { month: 'short', timeZone: 'UTC' });
}

/** Short weekday names in the order of a week that starts on `firstDay` (1 Monday … 7 Sunday). */
export function weekdayNames(firstDay: number, locale?: string): string[] {
  const format = new Intl.DateTimeFormat(intlTag(locale), { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, ((firstDay - 1 + i) % 7) + 1, 12))));
}

/** yyyy-MM-dd of today in the browser's zone, for date inputs. */
export function todayIso(): string {
  const d = now();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

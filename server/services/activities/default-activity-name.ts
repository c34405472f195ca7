import type { ActivityType } from '@/server/formats';

// A file without a name gets "Morning Ride", "Evening Run" …, by the local hour of its start.
function partOfDay(hour: number): string {
  if (hour < 5) return 'Night';
  if (hour < 12) return 'Morning';
  if (hour < 14) return 'Lunch';
  if (hour < 18) return 'Afternoon';
  if (hour < 22) return 'Evening';
  return 'Night';
}

// A formatter per time zone: building one costs far more than formatting with it (bench/ingest/profile.ts
// showed it on every upload). Zone names come from files, so the cache is capped.
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 600;

function hourFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function localHour(start: Date, timezone: string | null): number {
  try {
    return Number(hourFormatter(timezone ?? 'UTC').format(start)) % 24;
  } catch {
    return start.getUTCHours();
  }
}

const label = (type: ActivityType) =>
  type
    .split('_')
    .map((w) => (w === 'e' ? 'E' : w[0]!.toUpperCase() + w.slice(1)))
    .join(' ')
    .replace('E Bike', 'E-Bike')
    .replace('Mtb', 'MTB');

export function defaultActivityName(type: ActivityType, start: Date, timezone: string | null): string {
  return `${partOfDay(localHour(start, timezone))} ${label(type)}`;
}

export const PARTS_OF_DAY = ['Morning', 'Lunch', 'Afternoon', 'Evening', 'Night'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

/**
 * The part of day of a name this module made for an activity of `type` ("Evening Ride" of a ride),
 * or null for any other name: names are stored as made (English, what REST clients and exports
 * read) and the web app says a made one in the person's language (issue 50).
 */
export function generatedPartOfDay(name: string, type: string): PartOfDay | null {
  const space = name.indexOf(' ');
  const part = name.slice(0, space) as PartOfDay;
  if (space < 0 || !PARTS_OF_DAY.includes(part)) return null;
  return name.slice(space + 1) === label(type as ActivityType) ? part : null;
}

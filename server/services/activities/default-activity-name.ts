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

function localHour(start: Date, timezone: string | null): number {
  try {
    const text = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: timezone ?? 'UTC' }).format(start);
    return Number(text) % 24;
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

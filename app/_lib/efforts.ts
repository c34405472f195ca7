// Names of the CONTRACT's standard distances and durations (… Best efforts and records) for the web app.

const DISTANCE_NAMES: Record<number, string> = {
  400: '400 m',
  805: '½ mile',
  1000: '1 km',
  1609: '1 mile',
  3219: '2 miles',
  5000: '5 km',
  10000: '10 km',
  15000: '15 km',
  16093: '10 miles',
  20000: '20 km',
  21097.5: 'Half marathon',
  30000: '30 km',
  42195: 'Marathon',
  50000: '50 km',
};

export const effortDistanceName = (m: number) => DISTANCE_NAMES[m] ?? `${m} m`;

export function durationName(s: number): string {
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${s / 60} min`;
  const h = Math.floor(s / 3600);
  const m = (s % 3600) / 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

export const PR_NAMES = { 1: 'Personal record', 2: 'Second best', 3: 'Third best' } as const;

/** yyyy-MM-dd of a date's Monday, by calendar arithmetic (no timezone: the date is local already). */
export function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** yyyy-MM-dd plus n days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Today's yyyy-MM-dd in the profile's timezone (the browser's when unset). */
export function todayIn(timeZone: string | null): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? undefined, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

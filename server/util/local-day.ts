const formats = new Map<string, Intl.DateTimeFormat>();

/** yyyy-MM-dd of `time` in the IANA time zone `timezone` (the profile's; the runtime's own when undefined). */
export function localDay(time: Date, timezone?: string): string {
  const key = timezone ?? '';
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(time);
}

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

const formats = new Map<string, Intl.DateTimeFormat>();

/** yyyy-MM-dd of `time` in the IANA time zone `timezone` (the user's profile timezone). */
export function localDay(time: Date, timezone: string): string {
  let format = formats.get(timezone);
  if (!format) formats.set(timezone, (format = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(time);
}

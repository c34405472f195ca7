// spec: Provider export files: `Activity Date` is "Oct 21, 2023, 8:13:28 AM", compared as UTC.
// Newer exports put a narrow no-break space (U+202F) before AM/PM, as ICU now formats it.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const PATTERN = /^([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),\s*(\d{4}),?\s+(\d{1,2}):(\d{2}):(\d{2})[\s\u202f\u00a0]*([AaPp][Mm])$/;

/** The instant, or null when the text is not in the export's format or names no real time. */
export function parseActivityDate(text: string | null | undefined): Date | null {
  const match = PATTERN.exec((text ?? '').trim());
  if (!match) return null;
  const [, mon, day, year, hour, minute, second, half] = match;
  const month = MONTHS.indexOf(mon!.toLowerCase());
  const h12 = Number(hour);
  if (month < 0 || h12 < 1 || h12 > 12 || Number(minute) > 59 || Number(second) > 59) return null;
  const h24 = (h12 % 12) + (half!.toLowerCase() === 'pm' ? 12 : 0);
  const date = new Date(Date.UTC(Number(year), month, Number(day), h24, Number(minute), Number(second)));
  return date.getUTCDate() === Number(day) ? date : null;
}

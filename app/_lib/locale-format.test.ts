import { describe, expect, it } from 'vitest';
import { formatDate, weekdayNames } from './dates';
import { firstDayOfWeek, firstDayOfWeekByTable, intlTag } from './locale-format';

// Local formats: the week starts where the language's region starts it (Intl.Locale week info,
// or a CLDR-based table where the runtime has none).
describe('week start', () => {
  it('follows the region: Monday in Germany and Britain, Sunday in the US, Saturday in Egypt', () => {
    expect(firstDayOfWeek(intlTag('de'))).toBe(1);
    expect(firstDayOfWeek(intlTag('en'))).toBe(1);
    expect(firstDayOfWeek('en-US')).toBe(7);
    expect(firstDayOfWeek('ar-EG')).toBe(6);
  });

  it('the fallback table agrees with Intl for the app languages and common regions', () => {
    const tags = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'].map(intlTag).concat(['en-US', 'en-CA', 'pt-BR', 'ja-JP', 'ar-EG', 'de-AT', 'fr-CH', 'es-MX']);
    for (const tag of tags) {
      const intl = (new Intl.Locale(tag) as Intl.Locale & { weekInfo?: { firstDay: number } }).weekInfo?.firstDay;
      if (intl !== undefined) expect([tag, firstDayOfWeekByTable(tag)]).toEqual([tag, intl]);
    }
  });

  it('names the weekdays from the first day of the week', () => {
    expect(weekdayNames(1, 'en')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayNames(7, 'en')[0]).toBe('Sun');
    expect(weekdayNames(1, 'de')[0]).toBe('Mo');
  });
});

describe('dates in the user language', () => {
  it('writes month names in the language', () => {
    expect(formatDate('2026-03-05T12:00:00Z', 'UTC', 'de')).toBe('05.03.2026');
    expect(formatDate('2026-03-05T12:00:00Z', 'UTC', 'en')).toBe('5 Mar 2026');
    expect(formatDate('2026-03-05T12:00:00Z', 'UTC', 'fr')).toBe('5 mars 2026');
  });
});

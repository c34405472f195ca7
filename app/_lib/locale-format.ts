import { DEFAULT_LOCALE, isAppLocale, type AppLocale } from '@/i18n/locales';

// The region whose conventions each catalogue is written for: British English (the app's dates
// have always read 25 Nov 2026) and European Portuguese (ficheiro, palavra-passe).
const INTL_TAGS: Record<AppLocale, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT', nl: 'nl-NL', pt: 'pt-PT' };

/** The BCP 47 tag Intl formats with for an app language (any other tag passes through). */
export function intlTag(locale: string | undefined): string {
  const value = locale ?? DEFAULT_LOCALE;
  return isAppLocale(value) ? INTL_TAGS[value] : value;
}

// Where Intl.Locale has neither weekInfo nor getWeekInfo(): the regions that start on Sunday
// (CLDR weekData firstDay "sun") or Saturday; everywhere else the week starts on Monday.
const SUNDAY_REGIONS = new Set(['US', 'CA', 'MX', 'BR', 'PT', 'JP', 'KR', 'CN', 'TW', 'HK', 'IL', 'IN', 'PH', 'ZA', 'AU', 'SA', 'PE', 'CO', 'VE', 'AR']);
const SATURDAY_REGIONS = new Set(['AE', 'AF', 'BH', 'DJ', 'DZ', 'EG', 'IQ', 'IR', 'JO', 'KW', 'LY', 'OM', 'QA', 'SD', 'SY']);
// a language without a region means its most likely region (CLDR likely subtags)
const LIKELY_REGION: Record<string, string> = { en: 'US', pt: 'BR', es: 'ES', ja: 'JP', ko: 'KR', zh: 'CN', he: 'IL', ar: 'EG' };

type WeekInfoLocale = Intl.Locale & { weekInfo?: { firstDay: number }; getWeekInfo?: () => { firstDay: number } };

/** The first day of the week in a locale, ISO numbering: 1 Monday … 7 Sunday. */
export function firstDayOfWeek(tag: string): number {
  const locale = new Intl.Locale(tag) as WeekInfoLocale;
  const info = typeof locale.getWeekInfo === 'function' ? locale.getWeekInfo() : locale.weekInfo;
  return info && Number.isInteger(info.firstDay) ? info.firstDay : firstDayOfWeekByTable(tag);
}

/** The fallback table alone (exported so tests compare it with Intl's answer). */
export function firstDayOfWeekByTable(tag: string): number {
  const locale = new Intl.Locale(tag);
  const region = locale.region ?? LIKELY_REGION[locale.language] ?? '';
  return SUNDAY_REGIONS.has(region) ? 7 : SATURDAY_REGIONS.has(region) ? 6 : 1;
}

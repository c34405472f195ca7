// The languages of the web app. English is the source catalogue and the fallback; the API's
// problem documents stay English whatever the user's language (CONTRACT: the contract's text).
export const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'] as const;
export type AppLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'en';

/** The cookie that carries the chosen language to server rendering (set from the profile). */
export const LOCALE_COOKIE = 'stride_locale';

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Each language named in itself, for the language picker. */
export const LOCALE_NAMES: Record<AppLocale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
};

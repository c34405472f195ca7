import { DEFAULT_LOCALE, isAppLocale, LOCALES, type AppLocale } from './locales';

/**
 * The language of a request: the user's choice (the cookie written from the profile) first, then
 * the best match of the browser's Accept-Language (q-values honoured, `de-AT` matches `de`), then
 * English.
 */
export function resolveLocale(cookieValue: string | undefined, acceptLanguage: string | null): AppLocale {
  if (isAppLocale(cookieValue)) return cookieValue;
  return matchAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

export function matchAcceptLanguage(header: string | null): AppLocale | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: range.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.tag && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const primary = tag.split('-')[0];
    const match = LOCALES.find((locale) => locale === primary);
    if (match) return match;
  }
  return null;
}

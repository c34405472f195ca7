'use client';
import { LOCALE_COOKIE } from '@/i18n/locales';

const YEAR_SECONDS = 365 * 24 * 3600;

function readLocaleCookie(): string | null {
  const found = document.cookie.split('; ').find((pair) => pair.startsWith(`${LOCALE_COOKIE}=`));
  return found ? decodeURIComponent(found.slice(LOCALE_COOKIE.length + 1)) : null;
}

/**
 * Makes this browser's language cookie follow the profile (null: the browser's own language).
 * Answers whether it changed, i.e. whether the page must render again.
 */
export function writeLocaleCookie(locale: string | null): boolean {
  if (readLocaleCookie() === locale) return false;
  document.cookie = locale
    ? `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`
    : `${LOCALE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  return true;
}

import type { AppLocale } from './locales';
import type en from '../messages/en.json';

export type Messages = typeof en;

/** One catalogue per language (messages/<locale>.json), loaded on demand. */
export async function loadMessages(locale: AppLocale): Promise<Messages> {
  return (await import(`../messages/${locale}.json`)).default as Messages;
}

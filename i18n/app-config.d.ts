import type en from '../messages/en.json';
import type { AppLocale } from './locales';

// next-intl checks every key used in t('…') against the English catalogue, so a missing or
// misspelt key fails `npm run typecheck`.
declare module 'next-intl' {
  interface AppConfig {
    Locale: AppLocale;
    Messages: typeof en;
  }
}

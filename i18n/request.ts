import { getRequestConfig } from 'next-intl/server';
import { cookies, headers } from 'next/headers';
import { LOCALE_COOKIE } from './locales';
import { loadMessages } from './messages';
import { resolveLocale } from './resolve-locale';

// next-intl without i18n routing: URLs carry no language (the REST API and existing links stay
// as they are); the language comes from the profile's cookie or the browser's Accept-Language.
export default getRequestConfig(async () => {
  const locale = resolveLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get('accept-language'));
  return { locale, messages: await loadMessages(locale) };
});

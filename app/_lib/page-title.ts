import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type en from '@/messages/en.json';

export type PageTitleKey = keyof (typeof en)['pageTitles'];

/** A page's `generateMetadata`: its title (catalogue entry pageTitles.<key>) in the request's language. */
export function pageTitle(key: PageTitleKey): () => Promise<Metadata> {
  return async () => ({ title: `${(await getTranslations('pageTitles'))(key)} · Stride` });
}

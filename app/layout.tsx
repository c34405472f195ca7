import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LocaleSync } from './_components/locale-sync';
import { Providers } from './_components/providers';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('app');
  return { title: 'Stride', description: t('description') };
}
export const viewport: Viewport = { colorScheme: 'light dark', width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  const t = await getTranslations('app');
  return (
    <html lang={locale}>
      <body>
        <a className="skip-link" href="#content">
          {t('skipToContent')}
        </a>
        {/* the client provider inherits this request's language and catalogue (next-intl 4) */}
        <NextIntlClientProvider>
          <Providers>
            <LocaleSync />
            {children}
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

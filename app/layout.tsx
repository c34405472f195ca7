import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LocaleSync } from './_components/locale-sync';
import { OfflineStatus } from './_components/offline-status';
import { Providers } from './_components/providers';
import { ServiceWorker } from './_components/service-worker';
import { APP_ICONS, THEME_COLORS, appIconUrl } from './_lib/app-icons';
import './globals.css';
import './_styles/phone.css';
import './_styles/flows.css';

const touchIcon = appIconUrl(APP_ICONS[0]!);

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('app');
  return {
    title: 'Stride',
    description: t('description'),
    applicationName: 'Stride',
    icons: { icon: touchIcon, apple: touchIcon },
    appleWebApp: { capable: true, title: 'Stride', statusBarStyle: 'default' },
  };
}
export const viewport: Viewport = {
  colorScheme: 'light dark',
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: THEME_COLORS.light },
    { media: '(prefers-color-scheme: dark)', color: THEME_COLORS.dark },
  ],
};

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
          <OfflineStatus />
          <Providers>
            <LocaleSync />
            {children}
          </Providers>
        </NextIntlClientProvider>
        <ServiceWorker />
      </body>
    </html>
  );
}

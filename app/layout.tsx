import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { OfflineStatus } from './_components/offline-status';
import { Providers } from './_components/providers';
import { ServiceWorker } from './_components/service-worker';
import { APP_ICONS, THEME_COLORS, appIconUrl } from './_lib/app-icons';
import './globals.css';
import './_styles/phone.css';

const touchIcon = appIconUrl(APP_ICONS[0]!);

export const metadata: Metadata = {
  title: 'Stride',
  description: 'Your self-hosted activity log',
  applicationName: 'Stride',
  icons: { icon: touchIcon, apple: touchIcon },
  appleWebApp: { capable: true, title: 'Stride', statusBarStyle: 'default' },
};
export const viewport: Viewport = {
  colorScheme: 'light dark',
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: THEME_COLORS.light },
    { media: '(prefers-color-scheme: dark)', color: THEME_COLORS.dark },
  ],
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#content">
          Skip to content
        </a>
        <OfflineStatus />
        <Providers>{children}</Providers>
        <ServiceWorker />
      </body>
    </html>
  );
}

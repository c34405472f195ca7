import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { Providers } from './_components/providers';
import './globals.css';

export const metadata: Metadata = { title: 'Stride', description: 'Your self-hosted activity log' };
export const viewport: Viewport = { colorScheme: 'light dark', width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#content">
          Skip to content
        </a>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}

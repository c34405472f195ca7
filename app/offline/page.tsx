import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { RetryWhenOnline } from './_components/retry-when-online';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pwa');
  return { title: `${t('offlineTitle')} · Stride` };
}

// The app shell the service worker answers any page with when the network is unreachable
// (public/sw.js): generic, with no personal data, so it may be cached for everybody. It is cached
// in the language of the visit that installed the service worker.
export default async function OfflinePage() {
  const t = await getTranslations('pwa');
  return (
    <main id="content" className="auth-main offline-page" data-testid="offline-shell">
      <p className="brand brand-large" aria-hidden="true">
        Stride
      </p>
      <section className="card">
        <h1>{t('offlineHeading')}</h1>
        <p>{t('offlineBody')}</p>
        <p className="muted">{t('offlineQueueHint')}</p>
        <RetryWhenOnline />
      </section>
    </main>
  );
}

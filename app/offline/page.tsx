import type { Metadata } from 'next';
import { RetryWhenOnline } from './_components/retry-when-online';

export const metadata: Metadata = { title: 'Offline · Stride' };

// The app shell the service worker answers any page with when the network is unreachable
// (public/sw.js): generic, with no personal data, so it may be cached for everybody.
export default function OfflinePage() {
  return (
    <main id="content" className="auth-main offline-page" data-testid="offline-shell">
      <p className="brand brand-large" aria-hidden="true">
        Stride
      </p>
      <section className="card">
        <h1>You are offline</h1>
        <p>Stride cannot reach its server, so this page cannot show your activities right now.</p>
        <p className="muted">Files you drop on the Activities page while offline wait on this device and upload by themselves once the connection is back.</p>
        <RetryWhenOnline />
      </section>
    </main>
  );
}

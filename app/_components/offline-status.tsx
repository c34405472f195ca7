'use client';
import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it is online (true on the server, where there is no browser). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** A bar on every page while the browser is offline, so a failing page says why. */
export function OfflineStatus() {
  const t = useTranslations('pwa');
  const online = useOnline();
  return (
    <div role="status" className="offline-status" data-testid="offline-status" hidden={online}>
      {online ? null : t('offlineBar')}
    </div>
  );
}

'use client';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';

/** Reloads the page the person asked for as soon as the browser is back online, or on demand. */
export function RetryWhenOnline() {
  const t = useTranslations('pwa');
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <button type="button" onClick={() => window.location.reload()}>
      {t('retry')}
    </button>
  );
}

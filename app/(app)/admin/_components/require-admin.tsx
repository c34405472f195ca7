'use client';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../_components/skeleton';
import { useMe } from '../../../_lib/use-me';

/** The admin pages render only for administrators; the procedures behind them refuse others too. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const t = useTranslations('admin');
  const { me } = useMe();
  if (!me.data) return <Skeleton lines={3} />;
  if (me.data.access_type !== 'admin') {
    return (
      <section className="card" aria-labelledby="forbidden-heading" data-testid="admin-forbidden">
        <h1 id="forbidden-heading">{t('notAvailable')}</h1>
        <p>{t('adminsOnly')}</p>
      </section>
    );
  }
  return <>{children}</>;
}

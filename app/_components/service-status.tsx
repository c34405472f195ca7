'use client';
import { useTranslations } from 'next-intl';
import { trpc } from '../_lib/trpc';

export function ServiceStatus() {
  const t = useTranslations('settings');
  const health = trpc.system.health.useQuery();
  if (health.isPending) return <p className="muted">{t('checkingService')}</p>;
  if (health.error) return <p role="alert">{t('serviceDown', { message: health.error.message })}</p>;
  return <p data-testid="service-status">{t('serviceStatus', { status: health.data.status, version: health.data.version, database: health.data.database })}</p>;
}

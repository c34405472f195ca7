import { getTranslations } from 'next-intl/server';
import { TabNav } from '../../../_components/tab-nav';

const tabs = [
  { href: '/admin/users', key: 'users' },
  { href: '/admin/identity-providers', key: 'idps' },
  { href: '/admin/strava-push', key: 'stravaPush' },
] as const;

export async function AdminNav() {
  const t = await getTranslations('admin');
  return <TabNav label={t('sections')} tabs={tabs.map((tab) => ({ href: tab.href, label: t(`tabs.${tab.key}`) }))} />;
}

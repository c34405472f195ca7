import { getTranslations } from 'next-intl/server';
import { TabNav } from '../../../_components/tab-nav';

const tabs = [
  { href: '/settings', key: 'profile' },
  { href: '/settings/security', key: 'security' },
  { href: '/settings/weight', key: 'weight' },
  { href: '/settings/thresholds', key: 'thresholds' },
  { href: '/settings/gear', key: 'gear' },
  { href: '/settings/privacy', key: 'privacy' },
  { href: '/settings/notifications', key: 'notifications' },
  { href: '/settings/import', key: 'import' },
  { href: '/settings/integrations', key: 'integrations' },
] as const;

export async function SettingsNav() {
  const t = await getTranslations('settings');
  return <TabNav label={t('sections')} tabs={tabs.map((tab) => ({ href: tab.href, label: t(`tabs.${tab.key}`) }))} />;
}

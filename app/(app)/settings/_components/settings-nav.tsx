import { TabNav } from '../../../_components/tab-nav';

const tabs = [
  { href: '/settings', label: 'Profile' },
  { href: '/settings/security', label: 'Security' },
  { href: '/settings/weight', label: 'Weight' },
  { href: '/settings/thresholds', label: 'Thresholds' },
  { href: '/settings/gear', label: 'Gear' },
  { href: '/settings/privacy', label: 'Privacy zones' },
  { href: '/settings/notifications', label: 'Notifications' },
  { href: '/settings/import', label: 'Import' },
  { href: '/settings/integrations', label: 'Integrations' },
];

export function SettingsNav() {
  return <TabNav label="Settings sections" tabs={tabs} />;
}

import { TabNav } from '../../../_components/tab-nav';

const tabs = [
  { href: '/admin/users', label: 'Users' },
  { href: '/admin/identity-providers', label: 'Identity providers' },
  { href: '/admin/strava-push', label: 'Strava push' },
];

export function AdminNav() {
  return <TabNav label="Administration sections" tabs={tabs} />;
}

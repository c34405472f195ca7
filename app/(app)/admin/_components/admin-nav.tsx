import { TabNav } from '../../../_components/tab-nav';

const tabs = [
  { href: '/admin/users', label: 'Users' },
  { href: '/admin/identity-providers', label: 'Identity providers' },
];

export function AdminNav() {
  return <TabNav label="Administration sections" tabs={tabs} />;
}

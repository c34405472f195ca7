'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';

const tabs = [
  { href: '/settings', label: 'Profile' },
  { href: '/settings/security', label: 'Security' },
  { href: '/settings/weight', label: 'Weight' },
  { href: '/settings/gear', label: 'Gear' },
  { href: '/settings/import', label: 'Import' },
];

export function SettingsNav() {
  const pathname = usePathname();
  return (
    <nav className="tabs" aria-label="Settings sections">
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} aria-current={pathname === tab.href ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

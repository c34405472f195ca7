'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** Section tabs (settings, administration): the current page is marked for assistive technology. */
export function TabNav({ label, tabs }: { label: string; tabs: readonly { href: string; label: string }[] }) {
  const pathname = usePathname();
  return (
    <nav className="tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} aria-current={pathname === tab.href ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

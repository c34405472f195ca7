'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useAuth } from './auth-provider';

const links = [
  { href: '/activities', label: 'Activities' },
  { href: '/settings', label: 'Settings' },
];

export function AppHeader() {
  const pathname = usePathname();
  const { status, signOut } = useAuth();
  return (
    <header className="app-header">
      <nav aria-label="Main">
        <Link href="/activities" className="brand">
          Stride
        </Link>
        {links.map((link) => (
          <Link key={link.href} href={link.href} aria-current={pathname.startsWith(link.href) ? 'page' : undefined}>
            {link.label}
          </Link>
        ))}
      </nav>
      {status === 'signed-in' ? (
        <button type="button" className="quiet" onClick={() => void signOut()}>
          Sign out
        </button>
      ) : null}
    </header>
  );
}

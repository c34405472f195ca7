'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { trpc } from '../_lib/trpc';
import { useAuth } from './auth-provider';

const links = [
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/activities', label: 'Activities' },
  { href: '/statistics', label: 'Statistics' },
  { href: '/fitness', label: 'Fitness' },
  { href: '/records', label: 'Records' },
  { href: '/heatmap', label: 'Heatmap' },
  { href: '/settings', label: 'Settings' },
];

export function AppHeader() {
  const pathname = usePathname();
  const { status, signOut } = useAuth();
  // the admin area is only offered to administrators (its pages and procedures refuse others)
  const me = trpc.profile.me.useQuery(undefined, { staleTime: 60_000, enabled: status === 'signed-in' });
  const shown = me.data?.access_type === 'admin' ? [...links, { href: '/admin', label: 'Admin' }] : links;
  return (
    <header className="app-header">
      <nav aria-label="Main">
        <Link href="/dashboard" className="brand">
          Stride
        </Link>
        {shown.map((link) => (
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

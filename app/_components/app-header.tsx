'use client';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { trpc } from '../_lib/trpc';
import { useAuth } from './auth-provider';

// each link's label is the catalogue entry nav.<key>
const links = [
  { href: '/dashboard', key: 'dashboard' },
  { href: '/activities', key: 'activities' },
  { href: '/statistics', key: 'statistics' },
  { href: '/records', key: 'records' },
  { href: '/heatmap', key: 'heatmap' },
  { href: '/settings', key: 'settings' },
] as const;

export function AppHeader() {
  const t = useTranslations('nav');
  const pathname = usePathname();
  const { status, signOut } = useAuth();
  // the admin area is only offered to administrators (its pages and procedures refuse others)
  const me = trpc.profile.me.useQuery(undefined, { staleTime: 60_000, enabled: status === 'signed-in' });
  const shown = me.data?.access_type === 'admin' ? [...links, { href: '/admin', key: 'admin' } as const] : links;
  return (
    <header className="app-header">
      <nav aria-label={t('label')}>
        <Link href="/dashboard" className="brand">
          Stride
        </Link>
        {shown.map((link) => (
          <Link key={link.href} href={link.href} aria-current={pathname.startsWith(link.href) ? 'page' : undefined}>
            {t(link.key)}
          </Link>
        ))}
      </nav>
      {status === 'signed-in' ? (
        <button type="button" className="quiet" onClick={() => void signOut()}>
          {t('signOut')}
        </button>
      ) : null}
    </header>
  );
}

'use client';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState, type KeyboardEvent } from 'react';
import { trpc } from '../_lib/trpc';
import { useAuth } from './auth-provider';

// each link's label is the catalogue entry nav.<key>
const links = [
  { href: '/dashboard', key: 'dashboard' },
  { href: '/activities', key: 'activities' },
  { href: '/statistics', key: 'statistics' },
  { href: '/fitness', key: 'fitness' },
  { href: '/records', key: 'records' },
  { href: '/curves', key: 'curves' },
  { href: '/segments', key: 'segments' },
  { href: '/heatmap', key: 'heatmap' },
  { href: '/settings', key: 'settings' },
] as const;

/**
 * The top bar. On a phone (app/_styles/phone.css) the links fold behind a Menu button that opens
 * them below the bar; choosing a destination or pressing Escape folds them again.
 */
export function AppHeader() {
  const t = useTranslations('nav');
  const pwa = useTranslations('pwa');
  const pathname = usePathname();
  const { status, signOut } = useAuth();
  const [open, setOpen] = useState(false);
  // the admin area is only offered to administrators (its pages and procedures refuse others)
  const me = trpc.profile.me.useQuery(undefined, { staleTime: 60_000, enabled: status === 'signed-in' });
  const shown = me.data?.access_type === 'admin' ? [...links, { href: '/admin', key: 'admin' } as const] : links;
  const close = () => setOpen(false);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) close();
  };
  return (
    <header className="app-header" data-menu={open ? 'open' : 'closed'} onKeyDown={closeOnEscape}>
      <Link href="/dashboard" className="brand" onClick={close}>
        Stride
      </Link>
      <button type="button" className="menu-toggle quiet" aria-expanded={open} aria-controls="main-menu" onClick={() => setOpen(!open)}>
        {pwa('menu')}
      </button>
      <div id="main-menu" className="menu-panel">
        <nav aria-label={t('label')}>
          {shown.map((link) => (
            <Link key={link.href} href={link.href} aria-current={pathname.startsWith(link.href) ? 'page' : undefined} onClick={close}>
              {t(link.key)}
            </Link>
          ))}
        </nav>
        {status === 'signed-in' ? (
          <button type="button" className="quiet" onClick={() => void signOut()}>
            {t('signOut')}
          </button>
        ) : null}
      </div>
    </header>
  );
}

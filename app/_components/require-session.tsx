'use client';
import { useTranslations } from 'next-intl';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { useAuth } from './auth-provider';

/** Signed-in pages wait for the silent refresh; without a session they send you to sign in. */
export function RequireSession({ children }: { children: ReactNode }) {
  const t = useTranslations('app');
  const { status } = useAuth();
  const router = useRouter();
  const pathname = usePathname();

  useEffect(() => {
    if (status === 'signed-out') router.replace(`/sign-in?next=${encodeURIComponent(pathname)}`);
  }, [status, pathname, router]);

  if (status !== 'signed-in') {
    return (
      <div className="page-loading" aria-busy="true" aria-live="polite">
        <p className="muted">{status === 'restoring' ? t('restoringSession') : t('redirectingToSignIn')}</p>
      </div>
    );
  }
  return <>{children}</>;
}

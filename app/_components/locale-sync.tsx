'use client';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { writeLocaleCookie } from '../_lib/locale-cookie';
import { trpc } from '../_lib/trpc';
import { useAuth } from './auth-provider';

/**
 * The language chosen in the profile is stored server-side, so every device follows it: once the
 * profile is known, this browser's cookie is brought in line and the page renders again in it.
 */
export function LocaleSync() {
  const { status } = useAuth();
  const router = useRouter();
  const me = trpc.profile.me.useQuery(undefined, { staleTime: 60_000, enabled: status === 'signed-in' });
  const chosen = me.data ? me.data.locale : undefined;
  useEffect(() => {
    if (chosen !== undefined && writeLocaleCookie(chosen)) router.refresh();
  }, [chosen, router]);
  return null;
}

'use client';
import { useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { listPublicIdps } from '../../../_lib/auth-api';

/** Enabled identity providers from GET /public/idp (a 404 there means none are configured). */
export function IdpButtons({ next }: { next: string }) {
  const t = useTranslations('signIn');
  const idps = useQuery({ queryKey: ['public-idp'], queryFn: listPublicIdps, staleTime: 60_000 });
  if (!idps.data?.length) return null;
  return (
    <div className="stack idp-list">
      <p className="divider">
        <span>{t('or')}</span>
      </p>
      {idps.data.map((idp) => (
        <a key={idp.slug} className="button" href={`/api/v1/public/idp/login/${encodeURIComponent(idp.slug)}?redirect=${encodeURIComponent(next)}`}>
          {t('continueWith', { provider: idp.name })}
        </a>
      ))}
    </div>
  );
}

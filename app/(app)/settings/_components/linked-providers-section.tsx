'use client';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { Skeleton } from '../../../_components/skeleton';
import { problemFrom, problemOf, type Problem } from '../../../_lib/problem';
import { authHeaders } from '../../../_lib/session-store';
import { useSsoErrorMessage } from '../../../_lib/sso-messages';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';
import { refreshQuery } from '../../../_lib/refresh-query';

/**
 * GET /profile/idp with link and unlink. Linking starts over REST (its answer sets the cookie that
 * binds the flow to this browser), then the browser goes to the provider and comes back here.
 */
export function LinkedProvidersSection() {
  const t = useTranslations('linkedProviders');
  const f = useFormats();
  const ssoErrorMessage = useSsoErrorMessage();
  const params = useSearchParams();
  const data = trpc.identityLinks.list.useQuery();
  const utils = trpc.useUtils();
  const unlink = trpc.identityLinks.unlink.useMutation({ onSuccess: () => void refreshQuery(utils.identityLinks.list) });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [starting, setStarting] = useState(false);
  const outcome = params.get('sso');
  const error = data.error ?? unlink.error;

  async function link(idpId: number) {
    setStarting(true);
    setProblem(null);
    try {
      const response = await fetch(`/api/v1/profile/idp/${idpId}/link`, { headers: authHeaders(), credentials: 'same-origin' });
      if (!response.ok) throw await problemFrom(response);
      window.location.assign(((await response.json()) as { authorization_url: string }).authorization_url);
    } catch (caught) {
      setProblem(caught && typeof caught === 'object' && 'status' in caught ? (caught as Problem) : problemOf(caught));
      setStarting(false);
    }
  }

  if (!data.data && !error) return <Skeleton lines={2} />;
  const linkedIds = new Set(data.data?.links.map((l) => l.idp_id));
  const linkable = data.data?.providers.filter((p) => !linkedIds.has(p.id)) ?? [];
  if (!data.data?.links.length && !linkable.length && !outcome) return null;

  return (
    <section className="card" aria-labelledby="linked-heading">
      <h2 id="linked-heading">{t('title')}</h2>
      {outcome === 'linked' ? (
        <p className="notice" role="status">
          {t('linked')}
        </p>
      ) : null}
      {outcome === 'error' ? (
        <div className="alert" role="alert">
          <p>{ssoErrorMessage(params.get('reason'))}</p>
        </div>
      ) : null}
      <ProblemAlert problem={problem ?? (error ? problemOf(error) : null)} />
      <ul className="list">
        {data.data?.links.map((l) => (
          <li key={l.id} className="list-item" data-testid="linked-provider">
            <div>
              <strong>{l.name}</strong>
              <p className="muted small">{t('linkedAt', { time: f.dateTime(l.linked_at) })}</p>
            </div>
            <button
              type="button"
              disabled={unlink.isPending}
              onClick={() => unlink.mutate({ idpId: l.idp_id })}
              aria-label={t('unlinkNamed', { name: l.name })}
            >
              {t('unlink')}
            </button>
          </li>
        ))}
        {linkable.map((p) => (
          <li key={p.id} className="list-item">
            <strong>{p.name}</strong>
            <button type="button" disabled={starting} onClick={() => void link(p.id)} aria-label={t('linkNamed', { name: p.name })}>
              {t('link')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

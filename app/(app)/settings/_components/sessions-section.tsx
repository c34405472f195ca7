'use client';
import { useTranslations } from 'next-intl';
import { SectionCard } from '../../../_components/section-card';
import { ProblemAlert } from '../../../_components/problem-alert';
import { Skeleton } from '../../../_components/skeleton';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';
import { refreshQuery } from '../../../_lib/refresh-query';

/** Live sessions of this account; ending one revokes its whole token family at once. */
export function SessionsSection() {
  const t = useTranslations('settings.sessions');
  const f = useFormats();
  const sessions = trpc.sessions.list.useQuery();
  const utils = trpc.useUtils();
  const refresh = () => void refreshQuery(utils.sessions.list);
  const endOne = trpc.sessions.delete.useMutation({ onSuccess: refresh });
  const endOthers = trpc.sessions.deleteOthers.useMutation({ onSuccess: refresh });
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  const error = sessions.error ?? endOne.error ?? endOthers.error;

  return (
    <SectionCard
      title={t('title')}
      actions={
        <button type="button" disabled={!others || endOthers.isPending} onClick={() => endOthers.mutate()}>
          {t('endOthers')}
        </button>
      }
    >
      <ProblemAlert problem={error ? problemOf(error) : null} />
      {!sessions.data ? (
        <Skeleton lines={3} />
      ) : (
        <ul className="list">
          {sessions.data.map((s) => (
            <li key={s.id} className="list-item" data-testid="session">
              <div>
                <strong>{t('device', { browser: s.browser ?? t('unknownBrowser'), system: s.operating_system ?? t('unknownSystem') })}</strong>{' '}
                {s.current ? <span className="badge ok">{t('current')}</span> : null}
                <p className="muted small">
                  {s.client_type} · {s.device_type} · {s.ip_address ?? t('unknownAddress')} · {t('signedIn', { time: f.dateTime(s.created_at) })} ·{' '}
                  {t('lastActive', { time: f.dateTime(s.last_activity_at) })}
                </p>
              </div>
              {!s.current ? (
                <button type="button" onClick={() => endOne.mutate({ id: s.id })} disabled={endOne.isPending}>
                  {t('end')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

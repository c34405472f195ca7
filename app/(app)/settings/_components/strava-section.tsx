'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { JobProgress } from '../../../_components/job-progress';
import { ProblemAlert } from '../../../_components/problem-alert';
import { Skeleton } from '../../../_components/skeleton';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';
import { StravaSyncForm } from './strava-sync-form';
import { refreshQuery } from '../../../_lib/refresh-query';

const LINK_FAILURES = ['invalid_state', 'expired_state', 'access_denied', 'scope_denied', 'exchange_failed', 'athlete_taken'] as const;
type LinkFailure = (typeof LINK_FAILURES)[number];
const isLinkFailure = (reason: string | null): reason is LinkFailure => LINK_FAILURES.includes(reason as LinkFailure);

/** What the callback's redirect (`/settings?strava=…`) says, read once and removed from the address. */
function useLinkOutcome(): string | null {
  const t = useTranslations('strava');
  const [outcome, setOutcome] = useState<{ linked: boolean; reason: string | null } | null>(null);
  useEffect(() => {
    const url = new URL(window.location.href);
    const strava = url.searchParams.get('strava');
    if (!strava) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read once from the address after the redirect
    setOutcome({ linked: strava === 'linked', reason: url.searchParams.get('reason') });
    url.searchParams.delete('strava');
    url.searchParams.delete('reason');
    window.history.replaceState(null, '', url.pathname + url.search);
  }, []);
  if (!outcome) return null;
  if (outcome.linked) return t('connected');
  return isLinkFailure(outcome.reason) ? t(`linkFailures.${outcome.reason}`) : t('notConnected');
}

/** Connect or disconnect Strava, sync a date range, and follow the syncs (CONTRACT: Strava). */
export function StravaSection() {
  const t = useTranslations('strava');
  const f = useFormats();
  const utils = trpc.useUtils();
  const status = trpc.strava.status.useQuery();
  const recent = trpc.jobs.list.useQuery({ kind: 'provider_sync', limit: 5 });
  const linkUrl = trpc.strava.linkUrl.useMutation({ onSuccess: ({ authorization_url }) => window.location.assign(authorization_url) });
  const unlink = trpc.strava.unlink.useMutation({ onSuccess: () => void refreshQuery(utils.strava.status) });
  const [jobId, setJobId] = useState<string | null>(null);
  const outcome = useLinkOutcome();
  const s = status.data;
  const shown = jobId ?? recent.data?.[0]?.id ?? null;
  const error = status.error ?? linkUrl.error ?? unlink.error;

  return (
    <section className="card" aria-labelledby="strava-heading">
      <div className="section-head">
        <h2 id="strava-heading">Strava</h2>
        {s?.linked && !s.needs_reconnect ? <span className="badge ok">{t('connectedAthlete', { athlete: String(s.athlete_id ?? '') })}</span> : null}
      </div>
      {outcome ? <p role="status">{outcome}</p> : null}
      <ProblemAlert problem={error ? problemOf(error) : null} />
      {!s ? (
        <Skeleton lines={2} />
      ) : (
        <div className="stack">
          {s.needs_reconnect ? <p className="alert">{t('refused')}</p> : null}
          {s.rate_limited_until ? <p className="muted small">{t('rateLimited', { time: f.dateTime(s.rate_limited_until) })}</p> : null}
          {/* Connect only where this server can link: without credentials it answered 503 (issue 50) */}
          {!s.configured && !s.linked ? (
            <p className="muted" data-testid="strava-not-configured">
              {t('notConfigured')}
            </p>
          ) : null}
          <div className="row">
            {s.configured && (!s.linked || s.needs_reconnect) ? (
              <button type="button" className="primary" disabled={linkUrl.isPending} onClick={() => linkUrl.mutate()}>
                {s.linked ? t('reconnect') : t('connect')}
              </button>
            ) : null}
            {s.linked ? (
              <button type="button" disabled={unlink.isPending} onClick={() => unlink.mutate()}>
                {t('disconnect')}
              </button>
            ) : null}
          </div>
          {s.linked && !s.needs_reconnect ? (
            <StravaSyncForm
              onStarted={(id) => {
                setJobId(id);
                void refreshQuery(utils.jobs.list);
              }}
            />
          ) : null}
        </div>
      )}
      {shown ? <JobProgress jobId={shown} waitingFor={t('rateLimit')} /> : null}
      {recent.data && recent.data.length > 1 ? (
        <details>
          <summary>{t('recent')}</summary>
          <ul className="list">
            {recent.data.map((job) => (
              <li key={job.id} className="list-item">
                <span className="small">
                  {f.dateTime(job.created_at)} · {t(`jobStatuses.${job.status}`)} · {t('created', { count: job.progress.created })}
                </span>
                <button type="button" onClick={() => setJobId(job.id)} aria-pressed={job.id === shown}>
                  {t('show')}
                </button>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

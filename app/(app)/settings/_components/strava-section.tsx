'use client';
import { useEffect, useState } from 'react';
import { JobProgress } from '../../../_components/job-progress';
import { ProblemAlert } from '../../../_components/problem-alert';
import { Skeleton } from '../../../_components/skeleton';
import { formatDateTime } from '../../../_lib/dates';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { StravaSyncForm } from './strava-sync-form';
import { refreshQuery } from '../../../_lib/refresh-query';

const LINK_FAILURES: Record<string, string> = {
  invalid_state: 'The link request was not recognised (already used or not started here). Try again.',
  expired_state: 'The link request expired (10 minutes). Try again.',
  access_denied: 'Strava access was not granted.',
  scope_denied: 'Stride needs permission to read your activities. Try again and keep that box ticked.',
  exchange_failed: 'Strava did not accept the link. Try again later.',
  athlete_taken: 'This Strava account is already connected to another Stride account. Disconnect it there first.',
};

/** What the callback's redirect (`/settings?strava=…`) says, read once and removed from the address. */
function useLinkOutcome(): string | null {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const url = new URL(window.location.href);
    const outcome = url.searchParams.get('strava');
    if (!outcome) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read once from the address after the redirect
    setMessage(outcome === 'linked' ? 'Strava is connected.' : (LINK_FAILURES[url.searchParams.get('reason') ?? ''] ?? 'Strava could not be connected.'));
    url.searchParams.delete('strava');
    url.searchParams.delete('reason');
    window.history.replaceState(null, '', url.pathname + url.search);
  }, []);
  return message;
}

/** Connect or disconnect Strava, sync a date range, and follow the syncs (CONTRACT: Strava). */
export function StravaSection() {
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
        {s?.linked && !s.needs_reconnect ? <span className="badge ok">Connected · athlete {s.athlete_id}</span> : null}
      </div>
      {outcome ? <p role="status">{outcome}</p> : null}
      <ProblemAlert problem={error ? problemOf(error) : null} />
      {!s ? (
        <Skeleton lines={2} />
      ) : (
        <div className="stack">
          {s.needs_reconnect ? <p className="alert">Strava refused Stride&apos;s access. Reconnect Strava to sync again.</p> : null}
          {s.rate_limited_until ? (
            <p className="muted small">Strava&apos;s rate limit is reached; syncs go on at {formatDateTime(s.rate_limited_until)}.</p>
          ) : null}
          <div className="row">
            {!s.linked || s.needs_reconnect ? (
              <button type="button" className="primary" disabled={linkUrl.isPending} onClick={() => linkUrl.mutate()}>
                {s.linked ? 'Reconnect Strava' : 'Connect Strava'}
              </button>
            ) : null}
            {s.linked ? (
              <button type="button" disabled={unlink.isPending} onClick={() => unlink.mutate()}>
                Disconnect
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
      {shown ? <JobProgress jobId={shown} waitingFor="Strava's rate limit" /> : null}
      {recent.data && recent.data.length > 1 ? (
        <details>
          <summary>Recent syncs</summary>
          <ul className="list">
            {recent.data.map((job) => (
              <li key={job.id} className="list-item">
                <span className="small">
                  {formatDateTime(job.created_at)} · {job.status} · {job.progress.created} created
                </span>
                <button type="button" onClick={() => setJobId(job.id)} aria-pressed={job.id === shown}>
                  Show
                </button>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

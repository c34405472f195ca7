'use client';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { problemOf } from '../_lib/problem';
import { trpc } from '../_lib/trpc';
import { useFormats } from '../_lib/use-formats';
import { ProblemAlert } from './problem-alert';
import { Skeleton } from './skeleton';

// The one progress view of a background job (archive import, Strava sync, account export):
// polls the job while it is queued or running, and stops when it has finished.

const POLL_MS = 1_000;

export function JobProgress({
  jobId,
  waitingFor,
  onFinished,
  counts = true,
}: {
  jobId: string;
  /** created, skipped and failed items: what an import or sync makes; an export makes none (issue 50) */
  counts?: boolean;
  waitingFor?: string;
  /** called once the job has succeeded or failed (the page may refresh what the job changed) */
  onFinished?: () => void;
}) {
  const t = useTranslations('jobs');
  const f = useFormats();
  const job = trpc.jobs.get.useQuery(
    { id: jobId },
    { refetchInterval: (query) => (query.state.data && ['succeeded', 'failed'].includes(query.state.data.status) ? false : POLL_MS) },
  );
  const finished = job.data ? ['succeeded', 'failed'].includes(job.data.status) : false;
  useEffect(() => {
    if (finished) onFinished?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per job end, whatever callback the parent passes
  }, [finished, jobId]);
  if (job.error) return <ProblemAlert problem={problemOf(job.error)} />;
  if (!job.data) return <Skeleton lines={2} />;
  const { status, progress, errors, error } = job.data;
  const statusText = t(`status.${status}`);
  const label = t('label', { status: statusText });
  const waitingUntil = status === 'running' ? progress.waiting_for_quota_until : null;

  return (
    <div className="job-progress" data-testid="job-progress" data-status={status}>
      <p className="job-status" aria-live="polite">
        <strong>{statusText}</strong>
        {progress.total ? ` · ${t('progress', { done: f.number(progress.done), total: f.number(progress.total) })}` : null}
        {waitingUntil ? ` · ${t('waiting', { what: waitingFor ?? t('rateLimit'), time: f.time(waitingUntil) })}` : null}
      </p>
      <progress aria-label={label} max={progress.total || 1} value={status === 'succeeded' ? progress.total || 1 : progress.done} />
      {counts ? (
        <dl className="job-counts">
          <div>
            <dt>{t('created')}</dt>
            <dd data-testid="job-created">{progress.created}</dd>
          </div>
          <div>
            <dt>{t('skipped')}</dt>
            <dd data-testid="job-skipped">{progress.skipped}</dd>
          </div>
          <div>
            <dt>{t('failed')}</dt>
            <dd data-testid="job-failed">{progress.failed}</dd>
          </div>
        </dl>
      ) : null}
      <ProblemAlert problem={error} />
      {errors.length ? (
        <details open={status !== 'running'}>
          <summary>{t('errors', { count: errors.length })}</summary>
          <ul className="job-errors">
            {errors.map((e, i) => (
              <li key={`${e.item}-${i}`}>
                <code>{e.item}</code>: {e.detail}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {job.data.finished_at ? <p className="muted small">{t('finishedAt', { time: f.dateTime(job.data.finished_at) })}</p> : null}
    </div>
  );
}

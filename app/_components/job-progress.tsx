'use client';
import { useEffect } from 'react';
import { formatDateTime } from '../_lib/dates';
import { problemOf } from '../_lib/problem';
import { trpc } from '../_lib/trpc';
import { ProblemAlert } from './problem-alert';
import { Skeleton } from './skeleton';

// The one progress view of a background job (archive import, Strava sync, account export):
// polls the job while it is queued or running, and stops when it has finished.

const POLL_MS = 1_000;

const STATUS_TEXT = { queued: 'Waiting to start', running: 'Running', succeeded: 'Finished', failed: 'Failed' } as const;

function timeOfDay(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

export function JobProgress({
  jobId,
  waitingFor = "the provider's rate limit",
  onFinished,
}: {
  jobId: string;
  waitingFor?: string;
  /** called once the job has succeeded or failed (the page may refresh what the job changed) */
  onFinished?: () => void;
}) {
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
  const label = `Job ${STATUS_TEXT[status].toLowerCase()}`;
  const waitingUntil = status === 'running' ? progress.waiting_for_quota_until : null;

  return (
    <div className="job-progress" data-testid="job-progress" data-status={status}>
      <p className="job-status" aria-live="polite">
        <strong>{STATUS_TEXT[status]}</strong>
        {progress.total ? ` · ${progress.done} of ${progress.total}` : null}
        {waitingUntil ? ` · waiting for ${waitingFor} until ${timeOfDay(waitingUntil)}` : null}
      </p>
      <progress aria-label={label} max={progress.total || 1} value={status === 'succeeded' ? progress.total || 1 : progress.done} />
      <dl className="job-counts">
        <div>
          <dt>Created</dt>
          <dd data-testid="job-created">{progress.created}</dd>
        </div>
        <div>
          <dt>Skipped</dt>
          <dd data-testid="job-skipped">{progress.skipped}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd data-testid="job-failed">{progress.failed}</dd>
        </div>
      </dl>
      <ProblemAlert problem={error} />
      {errors.length ? (
        <details open={status !== 'running'}>
          <summary>{errors.length === 1 ? '1 item could not be imported' : `${errors.length} items could not be imported`}</summary>
          <ul className="job-errors">
            {errors.map((e, i) => (
              <li key={`${e.item}-${i}`}>
                <code>{e.item}</code>: {e.detail}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {job.data.finished_at ? <p className="muted small">Finished {formatDateTime(job.data.finished_at)}</p> : null}
    </div>
  );
}

'use client';
import { useEffect, useRef } from 'react';
import { problemOf } from '../_lib/problem';
import { trpc } from '../_lib/trpc';
import { ProblemAlert } from './problem-alert';

const POLL_MS = 1000;

/**
 * A job's live progress (CONTRACT "Ingestion jobs"): a bar of done/total, the created, skipped and
 * failed counts, each item error, and the problem when the job failed. Polls while the job is
 * queued or running.
 */
export function JobProgress({ jobId, onFinished }: { jobId: string; onFinished?: () => void }) {
  const job = trpc.jobs.get.useQuery(
    { id: jobId },
    { refetchInterval: (query) => (query.state.data && ['succeeded', 'failed'].includes(query.state.data.status) ? false : POLL_MS) },
  );
  const finished = job.data?.status === 'succeeded' || job.data?.status === 'failed';
  const utils = trpc.useUtils();
  const finishedHandler = useRef(onFinished);
  finishedHandler.current = onFinished;
  useEffect(() => {
    if (!finished) return;
    void utils.activities.list.invalidate();
    finishedHandler.current?.();
  }, [finished, utils]);
  if (job.error) return <ProblemAlert problem={problemOf(job.error)} />;
  if (!job.data) return <p aria-busy="true">Starting…</p>;
  const { status, progress, errors, error } = job.data;
  return (
    <div className="job-progress" data-testid="job-progress" data-status={status}>
      <progress max={Math.max(progress.total, 1)} value={progress.done} aria-label="Import progress" />
      <p>
        {status === 'queued' ? 'Waiting to start' : status === 'running' ? 'Importing' : status === 'succeeded' ? 'Finished' : 'Failed'}: {progress.done} of{' '}
        {progress.total} items
      </p>
      <div className="counts">
        <span data-testid="created">Created {progress.created}</span>
        <span data-testid="skipped">Skipped {progress.skipped}</span>
        <span data-testid="failed">Failed {progress.failed}</span>
      </div>
      {error ? <ProblemAlert problem={{ status: error.status, detail: error.detail, code: error.code ?? null }} /> : null}
      {errors.length ? (
        <details className="errors" open={errors.length <= 20}>
          <summary>{errors.length} item messages</summary>
          <ul>
            {errors.map((e, i) => (
              <li key={`${i}:${e.item}`}>
                <code>{e.item}</code>: {e.detail}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

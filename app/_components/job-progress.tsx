'use client';
import Link from 'next/link';
import { problemOf } from '../_lib/problem';
import { trpc } from '../_lib/trpc';
import { ProblemAlert } from './problem-alert';

const POLL_MS = 1500;
const clock = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * A background job's live progress (CONTRACT "Ingestion jobs"): done/total, created, skipped,
 * failed, a quota wait, the outcome and the per-item errors. Polls while the job is unfinished,
 * so it can be left and opened again at any time.
 */
export function JobProgress({ jobId, waitingLabel = 'the provider' }: { jobId: string; waitingLabel?: string }) {
  const job = trpc.jobs.get.useQuery(
    { id: jobId },
    { refetchInterval: (query) => (query.state.data && ['succeeded', 'failed'].includes(query.state.data.status) ? false : POLL_MS) },
  );
  if (job.error) return <ProblemAlert problem={problemOf(job.error)} />;
  if (!job.data) return <p className="muted">Loading the job…</p>;
  const { status, progress, errors, error, activity_ids } = job.data;
  const waiting = (progress as { waiting_for_quota_until?: string | null }).waiting_for_quota_until;
  return (
    <div className="stack" data-testid="job-progress" aria-live="polite">
      <progress max={Math.max(progress.total, 1)} value={status === 'succeeded' && progress.total === 0 ? 1 : progress.done} />
      <p className="small">
        <strong>{status}</strong> · {progress.done}/{progress.total} · {progress.created} created · {progress.skipped} skipped · {progress.failed} failed
      </p>
      {status === 'running' && waiting ? <p className="muted small">Waiting for {waitingLabel}&apos;s rate limit until {clock(waiting)}.</p> : null}
      {error ? <ProblemAlert problem={{ status: error.status, detail: error.detail }} /> : null}
      {status === 'succeeded' && activity_ids.length > 0 ? (
        <p className="small">
          <Link href="/activities">See the {activity_ids.length} new activities</Link>
        </p>
      ) : null}
      {errors.length > 0 ? (
        <details>
          <summary>{errors.length} item errors</summary>
          <ul className="small">
            {errors.map((e) => (
              <li key={`${e.item}:${e.code}`}>
                {e.item}: {e.detail}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

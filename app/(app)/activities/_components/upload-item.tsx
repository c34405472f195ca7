'use client';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useProblemMessage } from '../../../_lib/problem-message';
import type { UploadOutcome } from '../../../_lib/upload-file';

/** Where a file of the queue is: waiting its turn (or out a Retry-After), sent, or its outcome. */
export type UploadState = 'waiting' | 'uploading' | 'done' | 'duplicate' | 'failed' | 'queued';

/** One file of the upload queue: its state, its upload's progress, then its outcome. */
export interface UploadTask {
  key: string;
  file: File;
  progress: number;
  outcome: UploadOutcome | null;
  /** done: stored; failed: refused (the reason is the outcome's problem); queued: waiting for a connection (upload-queue.ts) */
  state: UploadState;
  /** the Retry-After the service gave when the file was last turned away */
  waitSeconds: number | null;
}

function Result({ task }: { task: UploadTask }) {
  const t = useTranslations('upload');
  const q = useTranslations('flows.queue');
  const pwa = useTranslations('pwa');
  const problemMessage = useProblemMessage();
  const { outcome } = task;
  switch (task.state) {
    case 'queued':
      return <span className="result muted">{pwa('queued')}</span>;
    case 'waiting':
      return <span className="result muted">{task.waitSeconds ? q('waitingRetry', { seconds: task.waitSeconds }) : q('waiting')}</span>;
    case 'uploading':
      return <span className="result muted">{task.progress < 1 ? t('uploading', { percent: task.progress }) : t('reading')}</span>;
    default:
      break;
  }
  if (!outcome) return null;
  if (!outcome.ok) {
    return (
      <span className="result error" role="alert">
        {q('refused', { reason: problemMessage(outcome.problem) })}
      </span>
    );
  }
  return (
    <span className={`result ${task.state === 'duplicate' ? 'muted' : 'ok'}`}>
      {outcome.activities.map((a, i) => (
        <span key={a.id}>
          {i ? '; ' : ''}
          {a.duplicate_of
            ? q.rich('duplicateOf', {
                name: a.duplicate_of.name,
                original: (chunks) => <Link href={`/activities/${a.duplicate_of!.id}`}>{chunks}</Link>,
              })
            : q.rich('stored', { name: a.name, activity: (chunks) => <Link href={`/activities/${a.id}`}>{chunks}</Link> })}
        </span>
      ))}
    </span>
  );
}

export function UploadItem({ task }: { task: UploadTask }) {
  const t = useTranslations('upload');
  return (
    <li className="upload-item" data-testid="upload-item" data-state={task.state}>
      <span className="file">{task.file.name}</span>
      <progress
        max={1}
        value={task.state === 'waiting' || task.state === 'queued' ? 0 : task.progress}
        aria-label={t('progressLabel', { file: task.file.name })}
      />
      <Result task={task} />
    </li>
  );
}

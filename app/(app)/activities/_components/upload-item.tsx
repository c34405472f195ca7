'use client';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useProblemMessage } from '../../../_lib/problem-message';
import type { UploadOutcome } from '../../../_lib/upload-file';

/** One file of a drop: its upload's progress (or its wait for a connection), then its outcome. */
export interface UploadTask {
  key: string;
  file: File;
  progress: number;
  outcome: UploadOutcome | null;
  /** waiting in the browser's queue for a connection (upload-queue.ts) */
  queued: boolean;
}

export function UploadItem({ task }: { task: UploadTask }) {
  const t = useTranslations('upload');
  const pwa = useTranslations('pwa');
  const problemMessage = useProblemMessage();
  const { outcome } = task;
  return (
    <li className="upload-item" data-testid="upload-item" data-state={task.queued ? 'queued' : !outcome ? 'uploading' : outcome.ok ? 'done' : 'failed'}>
      <span className="file" title={task.file.name}>
        {task.file.name}
      </span>
      <progress max={1} value={task.progress} aria-label={t('progressLabel', { file: task.file.name })} />
      {task.queued ? (
        <span className="result muted">{pwa('queued')}</span>
      ) : !outcome ? (
        <span className="result muted">{task.progress < 1 ? t('uploading', { percent: task.progress }) : t('reading')}</span>
      ) : outcome.ok ? (
        <span className="result ok">
          {t('added')}{' '}
          {outcome.activities.map((a, i) => (
            <span key={a.id}>
              {i ? ', ' : ''}
              <Link href={`/activities/${a.id}`}>{a.name}</Link>
            </span>
          ))}
        </span>
      ) : (
        <span className="result error" role="alert">
          {problemMessage(outcome.problem)}
        </span>
      )}
    </li>
  );
}

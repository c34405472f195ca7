import Link from 'next/link';
import type { UploadOutcome } from '../../../_lib/upload-file';

/** One file of a drop: its upload's progress, then its outcome. */
export interface UploadTask {
  key: string;
  file: File;
  progress: number;
  outcome: UploadOutcome | null;
}

export function UploadItem({ task }: { task: UploadTask }) {
  const { outcome } = task;
  return (
    <li className="upload-item" data-testid="upload-item" data-state={!outcome ? 'uploading' : outcome.ok ? 'done' : 'failed'}>
      <span className="file" title={task.file.name}>
        {task.file.name}
      </span>
      <progress max={1} value={task.progress} aria-label={`Upload of ${task.file.name}`} />
      {!outcome ? (
        <span className="result muted">{task.progress < 1 ? `Uploading… ${Math.round(task.progress * 100)}%` : 'Reading the file…'}</span>
      ) : outcome.ok ? (
        <span className="result ok">
          Added{' '}
          {outcome.activities.map((a, i) => (
            <span key={a.id}>
              {i ? ', ' : ''}
              <Link href={`/activities/${a.id}`}>{a.name}</Link>
            </span>
          ))}
        </span>
      ) : (
        <span className="result error" role="alert">
          {outcome.problem.detail}
        </span>
      )}
    </li>
  );
}

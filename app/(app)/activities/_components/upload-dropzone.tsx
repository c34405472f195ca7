'use client';
import { useTranslations } from 'next-intl';
import { useRef, useState, type DragEvent } from 'react';
import { UploadItem, type UploadTask } from './upload-item';
import { useActivityUploads } from './use-activity-uploads';

const ACCEPT = '.gpx,.tcx,.fit,.gz';

/** Drop several files (or pick them); each uploads with its own progress and result, or waits for a connection. */
export function UploadDropzone() {
  const t = useTranslations('upload');
  const q = useTranslations('flows.queue');
  const { tasks, add, retryFailed, clearFinished } = useActivityUploads();
  const count = (state: UploadTask['state']) => tasks.filter((task) => task.state === state).length;
  const failed = count('failed');
  const finished = count('done') + count('duplicate');
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setOver(false);
    void add(Array.from(event.dataTransfer.files));
  }

  return (
    <section
      className={`dropzone${over ? ' over' : ''}`}
      aria-labelledby="upload-heading"
      data-testid="dropzone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <h2 id="upload-heading" className="visually-hidden">
        {t('heading')}
      </h2>
      <p>
        {t.rich('drop', {
          choose: (label) => (
            <button type="button" className="link" onClick={() => input.current?.click()}>
              {label}
            </button>
          ),
        })}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        className="visually-hidden"
        aria-label={t('inputLabel')}
        tabIndex={-1}
        onChange={(e) => {
          void add(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      {tasks.length ? (
        <div className="upload-queue-head">
          <span role="status" data-testid="queue-summary">
            {q('summary', { stored: count('done'), duplicates: count('duplicate'), refused: failed, total: tasks.length })}
          </span>
          {failed ? (
            <button type="button" onClick={retryFailed} data-testid="retry-failed">
              {q('retryFailed', { count: failed })}
            </button>
          ) : null}
          {finished && finished === tasks.length ? (
            <button type="button" onClick={clearFinished}>
              {q('clear')}
            </button>
          ) : null}
        </div>
      ) : null}
      {tasks.length ? (
        <ul className="uploads" aria-label={t('list')}>
          {tasks.map((task) => (
            <UploadItem key={task.key} task={task} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

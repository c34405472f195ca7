'use client';
import { useTranslations } from 'next-intl';
import { useRef, useState, type DragEvent } from 'react';
import { UploadItem } from './upload-item';
import { useActivityUploads } from './use-activity-uploads';

const ACCEPT = '.gpx,.tcx,.fit,.gz';

/** Drop several files (or pick them); each uploads with its own progress and result, or waits for a connection. */
export function UploadDropzone() {
  const t = useTranslations('upload');
  const { tasks, add } = useActivityUploads();
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
        <ul className="uploads" aria-label={t('list')} aria-live="polite">
          {tasks.map((task) => (
            <UploadItem key={task.key} task={task} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

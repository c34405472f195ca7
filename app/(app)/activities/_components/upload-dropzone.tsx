'use client';
import { useTranslations } from 'next-intl';
import { useRef, useState, type DragEvent } from 'react';
import { trpc } from '../../../_lib/trpc';
import { uploadActivityFile } from '../../../_lib/upload-file';
import { UploadItem, type UploadTask } from './upload-item';
import { refreshQuery } from '../../../_lib/refresh-query';

const ACCEPT = '.gpx,.tcx,.fit,.gz';
const PARALLEL = 2;

/** Drop several files (or pick them); each uploads with its own progress and result. */
export function UploadDropzone() {
  const t = useTranslations('upload');
  const [tasks, setTasks] = useState<UploadTask[]>([]);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();

  const patch = (key: string, change: Partial<UploadTask>) => setTasks((all) => all.map((t) => (t.key === key ? { ...t, ...change } : t)));

  async function start(files: File[]) {
    if (!files.length) return;
    const added = files.map((file, i) => ({ key: `${Date.now()}-${i}-${file.name}`, file, progress: 0, outcome: null }));
    setTasks((all) => [...added, ...all]);
    const queue = [...added];
    const worker = async () => {
      for (let task = queue.shift(); task; task = queue.shift()) {
        const key = task.key;
        const outcome = await uploadActivityFile(task.file, (progress) => patch(key, { progress }));
        patch(key, { progress: 1, outcome });
        if (outcome.ok) void refreshQuery(utils.activities.list);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, added.length) }, worker));
  }

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setOver(false);
    void start(Array.from(event.dataTransfer.files));
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
          void start(Array.from(e.target.files ?? []));
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

'use client';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { JobProgress } from '../../../_components/job-progress';
import { ProblemAlert } from '../../../_components/problem-alert';
import { problemOf, type Problem } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';
import { uploadArchive } from '../../../_lib/upload-archive';

/**
 * The Strava bulk export: upload the zip (it lands in the drop folder, and goes when its import
 * ends) or pick an export already placed there, then watch the import job. The drop
 * folder's files are listed with their sizes and can be deleted (it has a quota).
 */
export function ImportSection() {
  const t = useTranslations('settings.import');
  const common = useTranslations('common');
  const f = useFormats();
  const drop = trpc.archiveImport.files.useQuery();
  const start = trpc.archiveImport.start.useMutation();
  const remove = trpc.archiveImport.deleteFile.useMutation({ onSuccess: () => void drop.refetch(), onError: (error) => setProblem(problemOf(error)) });
  const [jobId, setJobId] = useState<string | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    setUploading(0);
    const outcome = await uploadArchive(file, setUploading);
    setUploading(null);
    if (outcome.ok) {
      setJobId(outcome.jobId);
      void drop.refetch();
    } else setProblem(outcome.problem);
  }

  async function importFile(file?: string) {
    setProblem(null);
    try {
      setJobId((await start.mutateAsync(file ? { file } : undefined)).job_id);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <section className="card stack" aria-labelledby="import-heading">
      <h2 id="import-heading">{t('title')}</h2>
      <p>{t('intro')}</p>
      <p>
        <button type="button" onClick={() => input.current?.click()} disabled={uploading !== null}>
          {t('upload')}
        </button>
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          className="visually-hidden"
          aria-label={t('input')}
          tabIndex={-1}
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </p>
      {uploading !== null ? <progress max={1} value={uploading} aria-label={t('progress')} /> : null}
      <h3>{t('dropFolder')}</h3>
      {drop.data?.length ? (
        <ul className="list" aria-label={t('dropList')}>
          {drop.data.map((file) => (
            <li key={file.name} className="list-item">
              <div>
                <code>{file.name}</code>
                <p className="muted small">
                  {file.kind === 'folder' ? t('folder') : t('zip')} · {f.number(file.bytes / 1024 / 1024, 1)} MB · {f.dateTime(file.modified_at)}
                </p>
              </div>
              <div className="row">
                <button
                  type="button"
                  className="link"
                  onClick={() => void importFile(file.name)}
                  disabled={start.isPending}
                  aria-label={t('importNamed', { file: file.name })}
                >
                  {t('import')}
                </button>
                <button
                  type="button"
                  className="link danger"
                  onClick={() => remove.mutate({ name: file.name })}
                  disabled={remove.isPending}
                  aria-label={t('deleteNamed', { file: file.name })}
                >
                  {common('delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('empty')}</p>
      )}
      <ProblemAlert problem={problem} />
      {jobId ? <JobProgress jobId={jobId} onFinished={() => void drop.refetch()} /> : null}
    </section>
  );
}

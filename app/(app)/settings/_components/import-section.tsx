'use client';
import { useRef, useState } from 'react';
import { JobProgress } from '../../../_components/job-progress';
import { ProblemAlert } from '../../../_components/problem-alert';
import { problemOf, type Problem } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { uploadArchive } from '../../../_lib/upload-archive';

/**
 * The Strava bulk export: upload the zip (it lands in the drop folder) or pick an export already
 * placed there, then watch the import job.
 */
export function ImportSection() {
  const drop = trpc.archiveImport.dropFolder.useQuery();
  const start = trpc.archiveImport.start.useMutation();
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
      <h2 id="import-heading">Import a Strava export</h2>
      <p>
        Request your archive from Strava (Settings → My Account → Download or delete your account), then upload the zip here. Activities, their names, types,
        gear and photos are imported; anything already here is skipped.
      </p>
      <p>
        <button type="button" onClick={() => input.current?.click()} disabled={uploading !== null}>
          Upload export zip
        </button>
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          className="visually-hidden"
          aria-label="Strava export zip"
          tabIndex={-1}
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </p>
      {uploading !== null ? <progress max={1} value={uploading} aria-label="Upload progress" /> : null}
      <h3>In your drop folder</h3>
      {drop.data?.length ? (
        <ul>
          {drop.data.map((name) => (
            <li key={name}>
              <code>{name}</code>{' '}
              <button type="button" className="link" onClick={() => void importFile(name)} disabled={start.isPending}>
                Import
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>Nothing yet. An administrator can also place exports in the server&apos;s drop folder for you.</p>
      )}
      <ProblemAlert problem={problem} />
      {jobId ? <JobProgress jobId={jobId} /> : null}
    </section>
  );
}

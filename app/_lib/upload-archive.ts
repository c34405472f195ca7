'use client';
import type { Problem } from './problem';
import { sendFile, sentProblem } from './upload-file';

export type ArchiveUploadOutcome = { ok: true; jobId: string } | { ok: false; problem: Problem };

/** POST /strava/import/archive with the export zip: it lands in the drop folder and a job starts. */
export async function uploadArchive(file: File, onProgress: (fraction: number) => void): Promise<ArchiveUploadOutcome> {
  const result = await sendFile('/api/v1/strava/import/archive', file, onProgress);
  if (result.status === 202) return { ok: true, jobId: (result.body as { job_id: string }).job_id };
  return { ok: false, problem: sentProblem(result, 'Upload') };
}

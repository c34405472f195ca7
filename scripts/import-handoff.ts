import type { JobResponse } from '../server/job-queue/schemas';
import type { ServerClient } from './server-handoff';

// The import CLI's side of the hand-off to the running server that holds the embedded database
// (app/api/internal/archive-imports): start the import there, then read its progress.

export interface Handoff {
  username: string;
  job: JobResponse;
  poll(): Promise<JobResponse>;
}

export async function handOffImport(server: ServerClient, username: string, path: string): Promise<Handoff> {
  const started = await server.call('/api/internal/archive-imports', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: username, path }),
  });
  const { username: name, job } = (await started.json()) as { username: string; job: JobResponse };
  return { username: name, job, poll: async () => (await server.call(`/api/internal/archive-imports/${job.id}`)).json() as Promise<JobResponse> };
}

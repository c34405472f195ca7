import { INTERNAL_SECRET_HEADER, readInternalSecret, type RunningServer } from '../server/config/running-server';
import type { JobResponse } from '../server/services/jobs/schemas';

// The CLI's side of the hand-off to a running server that holds the embedded database
// (app/api/internal/archive-imports): start the import there, then read its progress.

export class HandoffError extends Error {}

export interface Handoff {
  username: string;
  job: JobResponse;
  poll(): Promise<JobResponse>;
}

async function call(server: RunningServer, secret: string, path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${server.url}${path}`, { ...init, headers: { ...init.headers, [INTERNAL_SECRET_HEADER]: secret } }).catch((error: unknown) => {
    throw new HandoffError(`The server running on this data directory (pid ${server.pid}) does not answer at ${server.url}: ${(error as Error).message}.`);
  });
  if (response.ok) return response;
  const problem = (await response.json().catch(() => ({}))) as { detail?: string };
  throw new HandoffError(problem.detail ?? `The server answered ${response.status}.`);
}

export async function handOff(server: RunningServer, dataDir: string, username: string, path: string): Promise<Handoff> {
  if (!server.url) throw new HandoffError(`The server running on this data directory (pid ${server.pid}) does not listen on loopback: stop it to import.`);
  const secret = readInternalSecret(dataDir);
  if (!secret) throw new HandoffError(`The server running on this data directory (pid ${server.pid}) left no internal secret to hand the import to.`);
  const started = await call(server, secret, '/api/internal/archive-imports', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: username, path }),
  });
  const { username: name, job } = (await started.json()) as { username: string; job: JobResponse };
  return { username: name, job, poll: async () => (await call(server, secret, `/api/internal/archive-imports/${job.id}`)).json() as Promise<JobResponse> };
}

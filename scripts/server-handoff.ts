import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { claimDirectory, claimPathFor, describeClaimOwner, DirectoryClaimed, pgliteDirFor, type ClaimRole } from '../db/pglite-claim';
import {
  INTERNAL_SECRET_HEADER,
  readAnnouncement,
  readInternalSecret,
  removeAnnouncement,
  SERVER_FILE,
  type RunningServer,
} from '../server/process-claim/running-server';
import type { Liveness } from '../server/util/process-identity';

// A CLI (import, export) on the embedded database either opens DATA_DIR/pgdata itself or hands
// its job to the server that holds it (app/api/internal). The claim beside the database decides
// (db/pglite-claim.ts): whoever holds it is the only process that may open the files, whatever
// server.json says; server.json only tells where the holder answers.

export class HandoffError extends Error {}

export type CliRole = Extract<ClaimRole, 'import' | 'export'>;

/** The running server, proven to be the one that holds this data directory. */
export interface ServerClient {
  pid: number;
  call(path: string, init?: RequestInit): Promise<Response>;
}

const WAIT_POLL_MS = 200;

function serverClient(server: RunningServer & { url: string }, secret: string): ServerClient {
  return {
    pid: server.pid,
    async call(path, init = {}) {
      const response = await fetch(`${server.url}${path}`, { ...init, headers: { ...init.headers, [INTERNAL_SECRET_HEADER]: secret } }).catch(
        (error: unknown) => {
          throw new HandoffError(
            `The server running on this data directory (pid ${server.pid}) does not answer at ${server.url}: ${(error as Error).message}.`,
          );
        },
      );
      if (response.ok) return response;
      const problem = (await response.json().catch(() => ({}))) as { detail?: string };
      throw new HandoffError(problem.detail ?? `The server answered ${response.status}.`);
    },
  };
}

/**
 * Asks the announced address to prove it is the holder: it must know the data directory's secret
 * and name the holder's pid. A port since taken by another server, or a pid reused where /proc
 * cannot tell (liveness 'unsure'), fails here, with what to do.
 */
async function provenServer(dataDir: string, server: RunningServer, liveness: Exclude<Liveness, 'dead'>, role: CliRole): Promise<ServerClient> {
  const { url } = server;
  if (!url) throw new HandoffError(`The server running on this data directory (pid ${server.pid}) does not listen on loopback: stop it to ${role}.`);
  const secret = readInternalSecret(dataDir);
  if (!secret) throw new HandoffError(`The server running on this data directory (pid ${server.pid}) left no internal secret to hand the ${role} to.`);
  const client = serverClient({ ...server, url }, secret);
  const answer = await client
    .call('/api/internal/server')
    .then(async (response) => ((await response.json()) as { pid?: unknown }).pid)
    .catch((error: unknown) => error as Error);
  if (answer === server.pid) return client;
  const why = answer instanceof Error ? answer.message : `the server there is pid ${String(answer)}.`;
  if (liveness === 'alive') {
    throw new HandoffError(`${why} Pid ${server.pid} holds this data directory's database but does not answer for it: stop it, then run again.`);
  }
  throw new HandoffError(
    `${why} Process ${server.pid} still runs, but it may be another program that was given the pid of a server that was killed. ` +
      `If a Stride server runs on ${dataDir}, stop it, then run again; if none does, delete ${join(dataDir, SERVER_FILE)} and ${claimPathFor(pgliteDirFor(dataDir))}, then run again.`,
  );
}

/**
 * Claims the data directory's embedded database for this CLI (answers null: open it here), or
 * answers the server that holds it. A server that claimed it but does not listen yet is waited for,
 * up to `waitSeconds`; another CLI holding it is an error to wait for by hand.
 */
export async function claimOrFindServer(dataDir: string, role: CliRole, waitSeconds: number): Promise<ServerClient | null> {
  const dir = pgliteDirFor(dataDir);
  const deadline = Date.now() + waitSeconds * 1000;
  let told = false;
  for (;;) {
    let claimed: DirectoryClaimed;
    try {
      claimDirectory(dir, role);
      // no server holds the database now, so an announcement is a killed server's leftover
      if (readAnnouncement(dataDir)) removeAnnouncement(dataDir);
      return null;
    } catch (error) {
      if (!(error instanceof DirectoryClaimed)) throw error;
      claimed = error;
    }
    const { owner, liveness } = claimed;
    if (owner.role !== 'server') {
      throw new HandoffError(`${describeClaimOwner(owner)} has this data directory's embedded database open: wait for it to finish, then run again.`);
    }
    const server = readAnnouncement(dataDir);
    if (server?.pid === owner.pid) return provenServer(dataDir, server, liveness, role);
    if (Date.now() >= deadline) {
      throw new HandoffError(
        `The server (pid ${owner.pid}) has held this data directory's database for over ${waitSeconds} s without listening: ` +
          `wait until it prints "Stride is listening", or stop it, then run again.` +
          (liveness === 'unsure' ? ` If no Stride server runs, delete ${claimed.lockPath}.` : ''),
      );
    }
    if (!told)
      console.log(`The server (pid ${owner.pid}) holds this data directory's database and is starting: waiting up to ${waitSeconds} s for it to listen…`);
    told = true;
    await sleep(WAIT_POLL_MS);
  }
}

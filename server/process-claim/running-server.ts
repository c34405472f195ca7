import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { claimDirectory, DirectoryClaimed, pgliteDirFor, readClaim, type ClaimOwner } from '@/db/pglite-claim';
import { livenessOf } from '../util/process-identity';

// The embedded database lives inside the server process, so a second process (the import or
// export CLI) must not open DATA_DIR/pgdata while `npm start` runs. The server claims the
// directory before it opens anything (db/pglite-claim.ts), and once it listens announces in
// DATA_DIR where it answers on loopback and a secret for its internal endpoints. Both files are
// 0600: whoever can read them can already read the database beside them.

export const SERVER_FILE = 'server.json';
export const INTERNAL_SECRET_FILE = 'internal_secret';
export const INTERNAL_SECRET_HEADER = 'x-stride-internal-secret';

export interface RunningServer {
  pid: number;
  /** http://<loopback>:<port>, or null when the server listens on a non-loopback address only */
  url: string | null;
}

/** The address a local process reaches a server bound to `host` at (null: not on loopback). */
export function loopbackUrl(host: string | undefined, port: number): string | null {
  if (!host || host === '0.0.0.0' || host === '::' || host === 'localhost' || host.startsWith('127.')) return `http://127.0.0.1:${port}`;
  if (host === '::1') return `http://[::1]:${port}`;
  return null;
}

/**
 * `npm start` on the embedded database claims it before building or opening anything, so that a
 * second server on the same DATA_DIR stops at once, and a CLI started meanwhile waits for the
 * announcement instead of opening the files. Answers the line to stop with when it is taken.
 */
export function claimDataDirForServer(dataDir: string): string | null {
  try {
    claimDirectory(pgliteDirFor(dataDir), 'server');
    return null;
  } catch (error) {
    if (!(error instanceof DirectoryClaimed)) throw error;
    const { owner } = error;
    if (owner.role === 'server') {
      return (
        `Another Stride server (pid ${owner.pid}) runs on this data directory (${dataDir}): stop it first, or give this one another DATA_DIR.` +
        (error.liveness === 'unsure' ? ` If no Stride server runs, delete ${error.lockPath}.` : '')
      );
    }
    return error.message;
  }
}

/** Written once the server listens; returns the clean-up for its stop. */
export function announceServer(dataDir: string, server: RunningServer): () => void {
  writeFileSync(join(dataDir, INTERNAL_SECRET_FILE), randomBytes(32).toString('base64url'), { mode: 0o600 });
  writeFileSync(join(dataDir, SERVER_FILE), JSON.stringify(server), { mode: 0o600 });
  return () => {
    // only our own announcement: a newer server on the same directory may have replaced it
    if (readAnnouncement(dataDir)?.pid === server.pid) removeAnnouncement(dataDir);
  };
}

/** DATA_DIR/server.json as written, whether or not its server still runs. */
export function readAnnouncement(dataDir: string): RunningServer | null {
  try {
    const server = JSON.parse(readFileSync(join(dataDir, SERVER_FILE), 'utf8')) as RunningServer;
    return Number.isInteger(server.pid) ? server : null;
  } catch {
    return null;
  }
}

/** Left by a server that was killed: only for a process that holds the claim itself. */
export function removeAnnouncement(dataDir: string): void {
  rmSync(join(dataDir, SERVER_FILE), { force: true });
  rmSync(join(dataDir, INTERNAL_SECRET_FILE), { force: true });
}

/** The live server process that holds DATA_DIR's embedded database, announced or not yet. */
export function serverClaim(dataDir: string): ClaimOwner | null {
  const owner = readClaim(pgliteDirFor(dataDir));
  return owner?.role === 'server' && livenessOf(owner) !== 'dead' ? owner : null;
}

/** The server announced in DATA_DIR, when it is the live process that holds the database (a killed server leaves its files). */
export function findRunningServer(dataDir: string): RunningServer | null {
  const server = readAnnouncement(dataDir);
  return server && serverClaim(dataDir)?.pid === server.pid ? server : null;
}

export function readInternalSecret(dataDir: string): string | null {
  try {
    return readFileSync(join(dataDir, INTERNAL_SECRET_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

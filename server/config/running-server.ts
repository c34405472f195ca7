import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The embedded database lives inside the server process, so a second process (the import CLI)
// must not open DATA_DIR/pgdata while `npm start` runs. The server announces itself in DATA_DIR:
// where it answers on loopback, and a secret for its internal endpoints. Both files are 0600:
// whoever can read them can already read the database beside them.

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

/** Written once the server listens; returns the clean-up for its stop. */
export function announceServer(dataDir: string, server: RunningServer): () => void {
  writeFileSync(join(dataDir, INTERNAL_SECRET_FILE), randomBytes(32).toString('base64url'), { mode: 0o600 });
  writeFileSync(join(dataDir, SERVER_FILE), JSON.stringify(server), { mode: 0o600 });
  return () => {
    // only our own announcement: a newer server on the same directory may have replaced it
    if (findRunningServer(dataDir)?.pid !== server.pid) return;
    rmSync(join(dataDir, SERVER_FILE), { force: true });
    rmSync(join(dataDir, INTERNAL_SECRET_FILE), { force: true });
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's process
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server announced in DATA_DIR when its process still lives (a killed server leaves its file). */
export function findRunningServer(dataDir: string): RunningServer | null {
  let server: RunningServer;
  try {
    server = JSON.parse(readFileSync(join(dataDir, SERVER_FILE), 'utf8')) as RunningServer;
  } catch {
    return null;
  }
  return Number.isInteger(server.pid) && isAlive(server.pid) ? server : null;
}

export function readInternalSecret(dataDir: string): string | null {
  try {
    return readFileSync(join(dataDir, INTERNAL_SECRET_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

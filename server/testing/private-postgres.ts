import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';

// A PostgreSQL 15 cluster of the test's own (initdb in a temp folder, its own port), for tests
// that stop and start the server. Never the machine's shared cluster on 5432: others use it.

const BIN = '/usr/lib/postgresql/15/bin';

/** The Debian PostgreSQL 15 binaries are installed and we are root (initdb runs as postgres). */
export const canRunPrivatePostgres = existsSync(join(BIN, 'initdb')) && userInfo().uid === 0;

export interface PrivatePostgres {
  url: string;
  start(): void;
  stop(): void;
  destroy(): void;
}

function asPostgres(command: string, args: string[]): void {
  execFileSync('runuser', ['-u', 'postgres', '--', join(BIN, command), ...args], { stdio: 'pipe' });
}

export function createPrivatePostgres(port: number): PrivatePostgres {
  const dir = mkdtempSync('/tmp/stride-pg-');
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => asPostgres('pg_ctl', ['-D', data, '-w', '-l', join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']),
    stop: () => asPostgres('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']),
    destroy: () => {
      try {
        cluster.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}

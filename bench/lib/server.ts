import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageScript } from './package-script';

export interface BenchServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `npm start` (or, with nodeFlags, its node with those flags added) on the embedded default with a
 * fresh data directory (builds first when there is no build). Loopback is a trusted proxy so benchmarks can vary X-Forwarded-For and
 * measure the service rather than the per-address login limit.
 */
export async function startBenchServer(port: number, extraEnv: Record<string, string> = {}, nodeFlags: string[] = []): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stride-bench-'));
  // Node refuses flags such as --cpu-prof in NODE_OPTIONS: with flags, run what `npm start` runs
  // (its node arguments and environment) under a node of our own, the flags added.
  const start = packageScript('start');
  const [command, args] = nodeFlags.length ? [process.execPath, [...nodeFlags, ...start.nodeArgs, 'scripts/start.ts']] : ['npm', ['start']];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      ...(nodeFlags.length ? start.env : {}),
      PORT: String(port),
      DATA_DIR: dataDir,
      SECRET_KEY: 'bench-secret-key-0123456789abcdef-0123',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'Bench-Admin-Pass-1',
      TRUSTED_PROXIES: '127.0.0.1,::1',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 180; i++) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return {
    url,
    process: child,
    stop: async () => {
      if (child.exitCode !== null) return;
      // wait for the exit: the server closes its database (and writes a --cpu-prof profile) first
      const exited = new Promise((r) => child.once('exit', r));
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    },
  };
}

/** A mobile client's sign-in (tokens in the body): the access token. */
export async function signInAdmin(url: string, admin: { username: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-client-type': 'mobile' },
    body: new URLSearchParams(admin).toString(),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** User + system CPU seconds of every process in the server's process group (Linux /proc). */
export function groupCpuSeconds(pgid: number): number {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      // after "pid (comm) ": state ppid pgrp ... utime is field 14 and stime 15 of the full line
      if (Number(fields[2]) === pgid) total += (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** Distinct fake client addresses (198.18.0.0/15, never contacted). */
export function fakeAddress(n: number): string {
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

export function printTable(rows: Record<string, string | number>[]): void {
  console.table(rows);
}

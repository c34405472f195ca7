import { readFileSync } from 'node:fs';

// A pid names a process only while it lives: once it has died the kernel gives the number to a
// later process, so a file left by a killed server can name a live, unrelated process. On Linux
// the start time of a process (clock ticks since boot, /proc/<pid>/stat) and the boot id tell the
// process that wrote a file from a later one with the same pid, exactly. This is stronger than
// asking whether /proc/<pid>/cmdline is a node process: a reused pid may well be another node
// process, and Next.js may retitle ours. Elsewhere only "some process has this pid" is known.

export interface ProcessIdentity {
  pid: number;
  /** start time in clock ticks since boot (Linux), null where /proc is missing */
  started: string | null;
  /** /proc/sys/kernel/random/boot_id (Linux), null elsewhere */
  boot: string | null;
}

/** alive: that very process runs; dead: it does not; unsure: a process has the pid, maybe another one */
export type Liveness = 'alive' | 'dead' | 'unsure';

function readProc(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export function processStartTicks(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return null;
  // the command name (field 2) may hold spaces and parentheses: count fields after the last ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null; // field 22, starttime
}

export function bootId(): string | null {
  return readProc('/proc/sys/kernel/random/boot_id')?.trim() || null;
}

export function ownIdentity(): ProcessIdentity {
  return { pid: process.pid, started: processStartTicks(process.pid), boot: bootId() };
}

export function isPidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's process
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function livenessOf(identity: ProcessIdentity): Liveness {
  if (!isPidAlive(identity.pid)) return 'dead';
  const boot = bootId();
  if (boot && identity.boot && boot !== identity.boot) return 'dead';
  const started = processStartTicks(identity.pid);
  if (started && identity.started) return started === identity.started ? 'alive' : 'dead';
  return 'unsure';
}

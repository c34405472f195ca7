import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Reads what server-probe.mjs writes: the server's CPU time and event-loop busy time, summed over
// its processes (`npm start` runs tsx, which runs the server in a child).

export interface ServerCost {
  cpuMs: number;
  loopBusyMs: number;
}

/** A probe's record; it is rewritten in place, so one caught half-written is read again. */
function readRecord(path: string): ServerCost {
  for (let attempt = 0; ; attempt++) {
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as ServerCost;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

export async function serverCost(): Promise<ServerCost | null> {
  const PROBE_DIR = process.env.PROBE_DIR;
  if (!PROBE_DIR) return null;
  // lets the probes write once more after the phase ended
  await new Promise((r) => setTimeout(r, 250));
  return readdirSync(PROBE_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => readRecord(join(PROBE_DIR, name)))
    .reduce((sum, c) => ({ cpuMs: sum.cpuMs + c.cpuMs, loopBusyMs: sum.loopBusyMs + c.loopBusyMs }), { cpuMs: 0, loopBusyMs: 0 });
}

/** Per-upload CPU and loop-busy milliseconds between two readings, as table columns. */
export function perUpload(before: ServerCost | null, after: ServerCost | null, uploads: number): string {
  if (!before || !after) return '';
  return ((after.cpuMs - before.cpuMs) / uploads).toFixed(1).padStart(8) + ((after.loopBusyMs - before.loopBusyMs) / uploads).toFixed(1).padStart(9);
}

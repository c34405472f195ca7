import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageScript } from '../lib/package-script';

// One phase of the import bench (phase.ts) in a process of its own, so its peak RSS is its own.

export interface Phase {
  activities: number;
  files: number;
  seconds: number;
  maxRssMb: number;
  /** the largest sample of each part of memory (MB), taken every 100 ms */
  peaks: Record<string, number>;
}

// the phases run with the node flags and the environment of `npm run import` (package.json), so the
// measured process is tuned as the CLI is
const cli = packageScript('import');
export const cliFlags = cli.nodeArgs;
export const cliEnv = cli.env;

/** BENCH_HEAP_MB caps V8's old space (as NODE_OPTIONS would on a server). */
export function runPhase(kind: 'import' | 'parse', archive: string): Phase {
  const work = mkdtempSync(join(tmpdir(), 'stride-bench-import-'));
  try {
    const heap = process.env.BENCH_HEAP_MB ? [`--max-old-space-size=${process.env.BENCH_HEAP_MB}`] : [];
    const result = spawnSync(process.execPath, [...heap, ...cliFlags, 'bench/import/phase.ts', kind, archive, work], {
      encoding: 'utf8',
      env: { ...process.env, ...cliEnv },
      maxBuffer: 1 << 24,
    });
    if (result.status !== 0) throw new Error(`${kind} phase failed: ${result.stderr}`);
    return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Phase;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

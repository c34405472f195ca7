import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// A production build into a folder of its own (never the shared `.next`), for the e2e suite and
// the benchmarks. `next build` rewrites tsconfig.json to add the build folder's types; the shared
// file is put back exactly as it was, modification time included (npm start rebuilds when a
// source is newer than the build).

/** Runs `work`, then restores tsconfig.json (content and mtime) if it changed meanwhile. */
export async function keepingTsconfig<T>(root: string, work: () => T | Promise<T>): Promise<T> {
  const tsconfig = path.join(root, 'tsconfig.json');
  const before = readFileSync(tsconfig, 'utf8');
  const { atime, mtime } = statSync(tsconfig);
  try {
    return await work();
  } finally {
    if (readFileSync(tsconfig, 'utf8') !== before) {
      writeFileSync(tsconfig, before);
      utimesSync(tsconfig, atime, mtime);
    }
  }
}

export async function buildInto(root: string, distDir: string): Promise<void> {
  const result = await keepingTsconfig(root, () =>
    spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: root,
      env: { ...process.env, STRIDE_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status})`);
  // other people keep editing this checkout while we build: what we just built is what we run
  const now = new Date();
  utimesSync(path.join(root, distDir, 'BUILD_ID'), now, now);
}

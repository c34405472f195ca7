// The pool workers' TypeScript tasks bundled by esbuild into one module under node_modules/.cache.
// Compiling them through tsx instead cost each worker several times the bundle's resident memory
// (its loader hooks, per-file transforms and source maps; bench/README.md); with a parse worker beside
// the embedded database that decided whether an archive import stays under its memory target
//. The bundle is named by its content, so a changed source gives a new file and
// workers of different versions never load each other's code.
//
// The pool builds it once, in a worker of its own without the parse workers' heap limit
// (pool.ts): bundling inside a parse worker spent that worker's small heap before its first task.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, threadId, workerData } from 'node:worker_threads';

const here = dirname(fileURLToPath(import.meta.url));

/** Builds the bundle (when this content has none yet) and returns its path. */
export async function buildTasksBundle() {
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build({
      entryPoints: [join(here, 'tasks.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // dependencies stay in node_modules, resolved from the bundle's folder inside the project
      packages: 'external',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0].contents;
    const folder = join(here, '..', '..', 'node_modules', '.cache', 'stride-worker');
    const file = join(folder, `tasks-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    if (!existsSync(file)) {
      mkdirSync(folder, { recursive: true });
      // several processes may build at once: each writes its own file and renames it into place
      const partial = `${file}.${process.pid}-${threadId}`;
      writeFileSync(partial, code);
      renameSync(partial, file);
    }
    return file;
  } finally {
    // the esbuild service is a child process; an idle one would live as long as its thread
    await esbuild.stop();
  }
}

// started by the pool as a worker: answer with the path, or with the reason it failed
if (workerData?.buildTasksBundle) {
  parentPort.postMessage(
    await buildTasksBundle().then(
      (path) => ({ path }),
      (error) => ({ error: error.message }),
    ),
  );
}

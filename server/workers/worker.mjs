// Entry of every pool worker (server/workers/pool.ts). Plain JavaScript that Node loads as it is
// in every way the server runs (vitest, `next dev`, `npm start` serving a Turbopack bundle), so a
// worker never depends on where a bundler put the module that started it. Each named export is
// one task.
//
// The TypeScript tasks are bundled by esbuild into one module under node_modules/.cache and
// imported from there. Compiling them through tsx instead cost each worker ~57 MB of resident
// memory (its loader hooks, per-file transforms and source maps) against ~9 MB for the bundle;
// with a parse worker beside the embedded database that decided whether an archive import stays
// under its memory target (issue 12). The bundle is named by its content, so a changed source
// gives a new file and workers of different versions never load each other's code. Where the
// cache cannot be written, tsx compiles the sources as before.
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';

const here = dirname(fileURLToPath(import.meta.url));

async function bundledTasks() {
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
      // several workers may start at once: each writes its own file and renames it into place
      const partial = `${file}.${process.pid}-${threadId}`;
      writeFileSync(partial, code);
      renameSync(partial, file);
    }
    return await import(pathToFileURL(file).href);
  } finally {
    // the esbuild service is a child process; an idle one would live as long as the worker
    await esbuild.stop();
  }
}

async function compiledTasks() {
  const { tsImport } = await import('tsx/esm/api');
  return tsImport('./tasks.ts', import.meta.url);
}

let loadedFrom = 'bundle';
const tasks = await bundledTasks().catch((error) => {
  loadedFrom = 'tsx';
  console.warn(`parse worker: the task bundle could not be built (${error.message}); compiling the sources with tsx instead`);
  return compiledTasks();
});

/** How this worker loaded its tasks: 'bundle' (esbuild, the lean way) or 'tsx' (the fallback). */
export const taskSource = loadedFrom;

export const { parseActivityFile, prepareActivityFile, prepareStravaActivity } = tasks;

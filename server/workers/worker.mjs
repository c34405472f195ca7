// Entry of every pool worker (server/workers/pool.ts). Plain JavaScript that Node loads as it is
// in every way the server runs (vitest, `next dev`, `npm start` serving a Turbopack bundle), so a
// worker never depends on where a bundler put the module that started it. Each named export is
// one task.
//
// The tasks come from the esbuild bundle the pool built (tasks-bundle.mjs), passed as
// workerData.tasksBundle; imported on its own (no pool), this module builds the bundle itself.
// Where no bundle can be built, tsx compiles the sources, with a warning.
import { setPriority } from 'node:os';
import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';
import { buildTasksBundle } from './tasks-bundle.mjs';

// Parsing yields the CPU to the request thread (and, on one machine, to PostgreSQL): on Linux a
// nice value belongs to a thread, and pid 0 names the calling one. A parse then takes longer only
// while something else wants the core; a read no longer waits behind it (bench/ingest mixed load).
// Elsewhere pid 0 is the whole process, the request thread included, so it is left alone there.
export const PARSE_NICE = 10;
try {
  if (workerData?.fromPool && process.platform === 'linux') setPriority(0, PARSE_NICE);
} catch {
  // not allowed here (a container without the right): parse at the server's own priority
}

async function compiledTasks() {
  const { tsImport } = await import('tsx/esm/api');
  return tsImport('./tasks.ts', import.meta.url);
}

let loadedFrom = 'bundle';
// from the pool: its bundle, or why it has none (no second try in a worker with a small heap)
const bundle = workerData?.fromPool
  ? workerData.tasksBundle
    ? Promise.resolve(workerData.tasksBundle)
    : Promise.reject(new Error(workerData.bundleError))
  : buildTasksBundle();
const tasks = await bundle
  .then((path) => import(pathToFileURL(path).href))
  .catch((error) => {
    loadedFrom = 'tsx';
    console.warn(`parse worker: the task bundle could not be loaded (${error.message}); compiling the sources with tsx instead`);
    return compiledTasks();
  });

/** How this worker loaded its tasks: 'bundle' (esbuild, the lean way) or 'tsx' (the fallback). */
export const taskSource = loadedFrom;

export const { parseActivityFile, prepareActivityFile, prepareStravaActivity, computeStoredEfforts, computeStoredLoadInputs, heapSpaces } = tasks;

import { MessageChannel, Worker, type TransferListItem } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Piscina } from 'piscina';
import { env } from '../env';
import { onShutdown, processValue, setProcessValue } from '../process-state';

// One pool of worker threads for CPU-heavy work on user bytes, so a hostile or huge input
// costs a worker, never the event loop (the Strava sync prepares its activities here too). Every task runs under
// a wall-time budget that starts when a worker picks it up (queueing does not count), and every
// worker under a heap limit; a task past either is stopped, its worker replaced by a fresh one.

/**
 * The task ran past its wall-time budget or its worker's heap limit, or its worker died while
 * running it (the input crashed it); the worker was replaced.
 */
export class WorkerBudgetExceeded extends Error {
  constructor(
    readonly budget: 'time' | 'memory' | 'crash',
    options?: { cause?: unknown },
  ) {
    super(`worker task over its ${budget} budget`, options);
    this.name = 'WorkerBudgetExceeded';
  }
}

/** Every worker is busy and the queue is full: try again shortly. */
export class WorkerPoolBusy extends Error {
  constructor(options?: { cause?: unknown }) {
    super('every worker is busy and the queue is full', options);
    this.name = 'WorkerPoolBusy';
  }
}

/** Tasks waiting for a worker at most; each may hold an upload (≤ MAX_UPLOAD_BYTES) in memory. */
const MAX_QUEUE = 32;

/**
 * The worker entry is found from the project root (the server's working directory: `npm start`,
 * `next dev` and vitest all run there), not from import.meta.url, which in a bundled server
 * points into .next rather than at the sources.
 */
export function workerEntry(): string {
  return join(/* turbopackIgnore: true */ process.cwd(), 'server', 'workers', 'worker.mjs');
}

/**
 * The workers' task bundle (tasks-bundle.mjs), built once per pool in a worker without the parse
 * workers' heap limit: built inside each parse worker, it could spend a small PARSE_HEAP_MB
 * before the first task. Resolves to the path, or to why there is none (workers then use tsx).
 */
function buildTasksBundle(): Promise<{ path?: string; error?: string }> {
  const builder = new Worker(join(/* turbopackIgnore: true */ process.cwd(), 'server', 'workers', 'tasks-bundle.mjs'), {
    workerData: { buildTasksBundle: true },
  });
  return new Promise<{ path?: string; error?: string }>((resolve) => {
    builder.once('message', resolve);
    builder.once('error', (error) => resolve({ error: error.message }));
    builder.once('exit', () => resolve({ error: 'the bundler stopped without an answer' }));
  });
}

async function createPool(): Promise<Piscina> {
  const config = env();
  // said plainly here rather than as a module-not-found error from inside a worker
  if (!existsSync(workerEntry())) throw new Error(`The worker entry ${workerEntry()} is missing: start the server from the project folder.`);
  const bundle = await buildTasksBundle();
  giveWorkersTheirOwnYoungGeneration();
  return new Piscina({
    filename: workerEntry(),
    workerData: { fromPool: true, tasksBundle: bundle.path ?? null, bundleError: bundle.error ?? null },
    minThreads: 1,
    maxThreads: config.PARSE_THREADS,
    maxQueue: MAX_QUEUE,
    // idle workers above minThreads go after a minute; the warm one avoids start-up per task
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: config.PARSE_HEAP_MB },
  });
}

/**
 * `npm start` runs node with --max-semi-space-size=2 to keep the request thread small, and that
 * flag applies to every isolate of the process: resourceLimits.maxYoungGenerationSizeMb cannot
 * raise it (the flag wins, checked with --trace-gc: the same 5,600 scavenges either way). An
 * isolate reads the flag when it is made, so the flag is changed here, once the request thread's
 * heap exists, and every worker made from now on gets PARSE_SEMI_SPACE_MB while the request
 * thread keeps its 2 MB.
 */
function giveWorkersTheirOwnYoungGeneration(): void {
  setFlagsFromString(`--max-semi-space-size=${env().PARSE_SEMI_SPACE_MB}`);
}

function pool(): Promise<Piscina> {
  const existing = processValue<Promise<Piscina>>('workerPool');
  if (existing) return existing;
  const created = createPool().catch((error: unknown) => {
    setProcessValue('workerPool', undefined);
    throw error;
  });
  onShutdown('workers', 'parse workers', closeWorkerPool);
  return setProcessValue('workerPool', created)!;
}

export interface RunOptions {
  /** ArrayBuffers moved (not copied) to the worker; they are empty afterwards */
  transferList?: TransferListItem[];
  /** overrides PARSE_TIME_BUDGET_MS */
  timeBudgetMs?: number;
}

/**
 * Runs the task `name` of server/workers/tasks.ts in a worker. The task receives `started`, a
 * MessagePort it must post to when it begins; the time budget counts from that message.
 */
export async function runInWorker<T>(name: string, task: Record<string, unknown>, options: RunOptions = {}): Promise<T> {
  const budgetMs = options.timeBudgetMs ?? env().PARSE_TIME_BUDGET_MS;
  const abort = new AbortController();
  const { port1, port2 } = new MessageChannel();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let settled = false;
  port1.once('message', () => {
    // the start notice may be delivered after a quick task already settled
    if (settled) return;
    running = true;
    timer = setTimeout(() => abort.abort(), budgetMs);
  });
  try {
    return (await (await pool()).run({ ...task, started: port2 }, { name, signal: abort.signal, transferList: [...(options.transferList ?? []), port2] })) as T;
  } catch (error) {
    if (abort.signal.aborted) throw new WorkerBudgetExceeded('time', { cause: error });
    if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkerBudgetExceeded('memory', { cause: error });
    if ((error as Error).message === 'Task queue is at limit') throw new WorkerPoolBusy({ cause: error });
    // Tasks return their outcome and never throw; failing after it started means the input
    // killed the worker. Failing before (the worker could not load) is the server's fault.
    if (running) throw new WorkerBudgetExceeded('crash', { cause: error });
    throw error;
  } finally {
    settled = true;
    clearTimeout(timer);
    port1.close();
  }
}

/** Stops every worker (tests, shutdown); the next task starts a new pool. */
export async function closeWorkerPool(): Promise<void> {
  const current = processValue<Promise<Piscina>>('workerPool');
  setProcessValue('workerPool', undefined);
  await (await current?.catch(() => undefined))?.destroy();
}

// The process's state: the one value of each thing below per process, and how the process stops.
// Kept on globalThis under one key because Next.js may load a module in more than one bundle of
// the same process (route bundles, instrumentation), and `npm start` imports some modules from
// outside the bundles: every copy must find the same database, runner, pool and logger. This
// module imports nothing, so that every layer (db/ included) can keep its state here.

/** Every process-wide value, by name: each is owned (created, replaced, stopped) by one module. */
export type ProcessValueName =
  | 'env' // server/env.ts: the parsed configuration
  | 'logger' // server/log/logger.ts: the root logger
  | 'database' // server/runtime.ts: the database, opened, migrated and seeded
  | 'jobRunner' // server/jobs/embedded-runner-process.ts: the embedded job runner
  | 'inboxWatcher' // server/services/inbox/inbox-watcher.ts
  | 'workerPool' // server/workers/pool.ts: the parse workers
  | 'pendingEvents' // server/events/activity-created.ts: subscribers still running
  | 'rateLimitBackend' // server/rate-limit/current-backend.ts: the counters' store
  | 'pgliteClaims' // db/pglite-claim.ts: embedded directories this process claimed
  | 'changeFeeds' // db/change-feed.ts: the embedded database's change counters
  | 'statementCount' // db/pglite-prepared.ts: names of statements prepared on PGlite
  | 'foregroundRequests'; // server/foreground-requests.ts: requests being answered

/**
 * What shutdown() does, in order: stop taking requests, stop looking at the inboxes, hand running
 * jobs back (their lease released, so another instance or this one after a restart resumes them),
 * wait for the activity.created subscribers (an upload answered just before the signal keeps its
 * heart-rate zones and thumbnail), stop the parse workers, close the database.
 */
export const SHUTDOWN_STEPS = ['requests', 'inbox', 'jobs', 'events', 'workers', 'database'] as const;
export type ShutdownStep = (typeof SHUTDOWN_STEPS)[number];

export interface ShutdownFailure {
  step: ShutdownStep;
  name: string;
  error: unknown;
}

interface ProcessState {
  values: Map<ProcessValueName, unknown>;
  /** step → stopper name → stop; a name registered again (another bundle's copy) replaces the first */
  stoppers: Map<ShutdownStep, Map<string, () => Promise<void>>>;
  shutdown?: Promise<ShutdownFailure[]>;
}

const holder = globalThis as typeof globalThis & { __strideProcessState?: ProcessState };
const state: ProcessState = (holder.__strideProcessState ??= { values: new Map(), stoppers: new Map() });

/** The process-wide value `name`, typed by its owner. */
export function processValue<T>(name: ProcessValueName): T | undefined {
  return state.values.get(name) as T | undefined;
}

/** Sets (or with undefined forgets) the value `name`: its owner, or a test replacing it. */
export function setProcessValue<T>(name: ProcessValueName, value: T | undefined): T | undefined {
  if (value === undefined) state.values.delete(name);
  else state.values.set(name, value);
  return value;
}

/** The value `name`, created by `create` on first use. */
export function processValueOr<T>(name: ProcessValueName, create: () => T): T {
  if (!state.values.has(name)) state.values.set(name, create());
  return state.values.get(name) as T;
}

/** Registers how `name` stops during `step` of shutdown(); returns a function that unregisters it. */
export function onShutdown(step: ShutdownStep, name: string, stop: () => Promise<void>): () => void {
  const stoppers = state.stoppers.get(step) ?? new Map<string, () => Promise<void>>();
  state.stoppers.set(step, stoppers.set(name, stop));
  return () => {
    if (stoppers.get(name) === stop) stoppers.delete(name);
  };
}

/** True once shutdown() was called: the process takes no new work. */
export function isShuttingDown(): boolean {
  return state.shutdown !== undefined;
}

/**
 * Stops the process's work step by step (SHUTDOWN_STEPS); the stoppers of one step run together.
 * A failing stopper does not stop the next steps: its failure is returned for the caller to log.
 * Called again, it returns the first call's promise.
 */
export function shutdown(): Promise<ShutdownFailure[]> {
  state.shutdown ??= (async () => {
    const failures: ShutdownFailure[] = [];
    for (const step of SHUTDOWN_STEPS) {
      const stoppers = [...(state.stoppers.get(step) ?? new Map<string, () => Promise<void>>()).entries()];
      const outcomes = await Promise.allSettled(stoppers.map(([, stop]) => stop()));
      outcomes.forEach((outcome, i) => {
        if (outcome.status === 'rejected') failures.push({ step, name: stoppers[i]![0], error: outcome.reason });
      });
    }
    return failures;
  })();
  return state.shutdown;
}

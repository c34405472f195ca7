import type { Db } from '@/db/client';

// STYLE rule 8: a job body is written once and run by two runners, the embedded durable runner
// (default) and an Inngest function (when INNGEST_* is configured). The body sees only this
// context, which both runners provide with the same meaning:
//   - step.run(name, fn): fn runs at most once to completion per job; its JSON result is stored,
//     so a job that is replayed after a restart, a crash or a sleep gets the stored result back
//     without running fn again. Repeated names are numbered (`name`, `name:1`, ...) as Inngest does.
//     Results must be JSON-serialisable (Dates come back as strings).
//   - step.sleepUntil(name, until): the job pauses (no process holds it) and is replayed from the
//     start at or after `until`; finished steps return their stored results.
// Everything non-deterministic (database reads and writes, provider calls, the clock) belongs
// inside step.run, because the code between steps runs again on every replay. Steps store a
// bounded result: keep per-step output small (Inngest caps the total step data at 4 MB and the
// number of steps at 1,000 per run), so batch items rather than one step per tiny item.

export interface JobStep {
  run<T>(name: string, fn: () => Promise<T> | T): Promise<T>;
  sleepUntil(name: string, until: Date | string): Promise<void>;
}

export interface JobLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface JobContext<Payload> {
  /** the UUID of the job row in our database (progress and outcome live there in both modes) */
  jobId: string;
  payload: Payload;
  step: JobStep;
  db: Db;
  logger: JobLogger;
}

export type JobBody<Payload, Result = unknown> = (context: JobContext<Payload>) => Promise<Result>;

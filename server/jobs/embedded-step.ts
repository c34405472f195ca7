import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs, jobSteps } from '@/db/schema';
import { now } from '@/server/clock';
import type { JobStep } from './job-body';
import { yieldToRequests } from './yield-to-requests';

// The embedded runner's step tools: the durable half of server/jobs/README.md. Finished steps are
// rows in job_steps; a replay returns their stored results in order.

/** Thrown to unwind a body that paused until `until` (not an error of the job). */
export class JobPaused extends Error {
  constructor(readonly until: Date) {
    super(`job paused until ${until.toISOString()}`);
  }
}

/** Thrown when this runner no longer holds the job (its lease went to another instance, or it stops). */
export class JobLeaseLost extends Error {
  constructor() {
    super('job lease lost');
  }
}

interface StoredStep {
  result: unknown;
  sleepUntil: Date | null;
}

export interface EmbeddedStepOptions {
  db: Db;
  jobId: string;
  runnerId: string;
  /** true once the runner stops or lost the lease: no new step starts */
  isCancelled: () => boolean;
}

export async function createEmbeddedStep(options: EmbeddedStepOptions): Promise<JobStep> {
  const { db, jobId, runnerId, isCancelled } = options;
  const rows = await db.select().from(jobSteps).where(eq(jobSteps.jobId, jobId));
  const stored = new Map<string, StoredStep>(rows.map((r) => [r.name, { result: r.result, sleepUntil: r.sleepUntil }]));
  const seen = new Map<string, number>();
  /** how long the last step of this run took, its stored result included (yield-to-requests.ts) */
  let lastStepMs = 0;

  // Inngest numbers repeated ids the same way, so one body behaves alike under both runners.
  const uniqueName = (name: string): string => {
    const count = seen.get(name) ?? 0;
    seen.set(name, count + 1);
    return count === 0 ? name : `${name}:${count}`;
  };

  /** Stores a step while this runner still holds the job; false when another got there first. */
  const store = async (name: string, result: unknown, sleepUntil: Date | null): Promise<void> => {
    const inserted = await db.execute(sql`
      insert into ${jobSteps} (job_id, name, result, sleep_until)
      select ${jobId}, ${name}, ${result === undefined ? null : JSON.stringify(result)}::jsonb, ${sleepUntil ? sleepUntil.toISOString() : null}::timestamptz
      where exists (select 1 from ${jobs} where id = ${jobId} and locked_by = ${runnerId})
      on conflict do nothing
      returning name`);
    if (rowCount(inserted) === 0) throw new JobLeaseLost();
    stored.set(name, { result, sleepUntil });
  };

  return {
    async run<T>(rawName: string, fn: () => Promise<T> | T): Promise<T> {
      const name = uniqueName(rawName);
      const done = stored.get(name);
      if (done) return unwrap(done.result) as T;
      await yieldToRequests(lastStepMs);
      if (isCancelled()) throw new JobLeaseLost();
      const started = performance.now();
      const value = await fn();
      // Results come back as JSON, as under Inngest (Dates become strings).
      const wrapped = { value: value === undefined ? null : JSON.parse(JSON.stringify(value)) };
      await store(name, wrapped, null);
      lastStepMs = performance.now() - started;
      return unwrap(wrapped) as T;
    },

    async sleepUntil(rawName: string, until: Date | string): Promise<void> {
      const name = uniqueName(rawName);
      const wake = new Date(until);
      const done = stored.get(name);
      if (done) {
        if (done.sleepUntil && done.sleepUntil.getTime() > now().getTime()) throw new JobPaused(done.sleepUntil);
        return;
      }
      if (Number.isNaN(wake.getTime()) || wake.getTime() <= now().getTime()) return;
      if (isCancelled()) throw new JobLeaseLost();
      await store(name, null, wake);
      throw new JobPaused(wake);
    },
  };
}

function unwrap(result: unknown): unknown {
  return result && typeof result === 'object' && 'value' in result ? (result as { value: unknown }).value : null;
}

/** Rows affected by a raw statement on either driver (postgres.js: an array; PGlite: { rows }). */
export function rowCount(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  const rows = (result as { rows?: unknown[] }).rows;
  return rows ? rows.length : 0;
}

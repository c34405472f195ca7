import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs, type JobRow } from '@/db/schema';
import { log } from '@/server/log/logger';
import { now, nowMs } from '@/server/clock';
import { createEmbeddedStep, JobLeaseLost, JobPaused, rowCount } from './embedded-step';
import { executeJob } from './execute-job';
import { markJobFailed } from './finish-job';
import { publishJobFinished } from './publish-job-finished';
import type { JobLogger } from './job-body';
import { jobLogger } from './job-logger';

// The default runner (server/jobs/README.md): durable, in the server process, safe with several
// instances on one PostgreSQL. A job is claimed with FOR UPDATE SKIP LOCKED and a lease that the
// holder renews; when an instance dies its lease runs out and another instance replays the job,
// skipping the steps already stored.

export interface EmbeddedRunnerOptions {
  /** jobs run at once by this instance (webhook deliveries not counted: they have their own lane) */
  concurrency?: number;
  /** webhook deliveries run at once by this instance; one user's at most one at a time in all instances */
  deliveryConcurrency?: number;
  /** how long a claim holds without renewal */
  leaseMs?: number;
  /** how often the table is looked at when nothing woke the runner */
  pollMs?: number;
  /** attempts before a job that keeps throwing is failed */
  maxAttempts?: number;
  runnerId?: string;
}

const DEFAULTS = { concurrency: 2, deliveryConcurrency: 2, leaseMs: 30_000, pollMs: 2_000, maxAttempts: 3 };

// Issue 49: a receiver that accepts the connection and never answers holds its delivery for the
// whole attempt (WEBHOOK_TIMEOUT_SECONDS). Deliveries therefore run in a lane of their own, small
// and with one delivery per user at a time, so imports, syncs and the inbox never wait for them.
const DELIVERY = 'webhook_delivery';
type Lane = 'jobs' | 'deliveries';

export class EmbeddedRunner {
  readonly runnerId: string;
  private readonly options: Required<Omit<EmbeddedRunnerOptions, 'runnerId'>>;
  private readonly active = new Map<string, Promise<void>>();
  private readonly activeDeliveries = new Map<string, Promise<void>>();
  private stopping = false;
  private loop?: Promise<void>;
  private wakeUp?: () => void;
  /** a wake that came while the loop was busy claiming: the next wait is skipped */
  private woken = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    options: EmbeddedRunnerOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...stripUndefined(options) } as Required<Omit<EmbeddedRunnerOptions, 'runnerId'>>;
    this.runnerId = options.runnerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Looks for due jobs now instead of at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops claiming, lets running jobs reach their next step and hands them back. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.active.values(), ...this.activeDeliveries.values()]);
  }

  /** Claims and runs due jobs until none is due (CLI and tests); returns how many ran. */
  async drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const job = await this.claim();
      if (!job) break;
      ran += 1;
      await this.runJob(job);
    }
    return ran;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      try {
        await this.fill('jobs', this.active, this.options.concurrency);
        await this.fill('deliveries', this.activeDeliveries, this.options.deliveryConcurrency);
      } catch (error) {
        log().warn({ err: error }, 'job runner could not claim jobs');
      }
      if (this.woken || this.stopping) continue;
      await new Promise<void>((resolve) => {
        this.wakeUp = resolve;
        this.timer = setTimeout(resolve, this.options.pollMs);
        this.timer.unref?.();
      });
      clearTimeout(this.timer);
      this.wakeUp = undefined;
    }
  }

  /** Claims due jobs of `lane` until its slots are taken or none is due. */
  private async fill(lane: Lane, active: Map<string, Promise<void>>, slots: number): Promise<void> {
    while (!this.stopping && active.size < slots) {
      const job = await this.claim(lane);
      if (!job) break;
      const running = this.runJob(job).finally(() => {
        active.delete(job.id);
        this.wake();
      });
      active.set(job.id, running);
    }
  }

  /** The next due job: of `lane` when given (the loop), of any kind otherwise (drain). */
  private async claim(lane?: Lane): Promise<JobRow | undefined> {
    const at = now();
    const ofLane =
      lane === 'jobs'
        ? sql`and kind <> ${DELIVERY}`
        : lane === 'deliveries'
          ? // one delivery per user at a time: none of this user's is held under a live lease
            sql`and kind = ${DELIVERY} and not exists (
              select 1 from ${jobs} held where held.kind = ${DELIVERY} and held.user_id = ${jobs.userId} and held.status = 'running'
                and held.lease_until >= ${at.toISOString()}::timestamptz)`
          : sql``;
    const leaseUntil = new Date(at.getTime() + this.options.leaseMs);
    const claimed = await this.db.execute(sql`
      update ${jobs} set status = 'running', locked_by = ${this.runnerId}, lease_until = ${leaseUntil.toISOString()}::timestamptz,
        started_at = coalesce(started_at, ${at.toISOString()}::timestamptz)
      where id = (
        select id from ${jobs}
        where status in ('queued', 'running') and run_after <= ${at.toISOString()}::timestamptz
          and (lease_until is null or lease_until < ${at.toISOString()}::timestamptz) ${ofLane}
        order by run_after, created_at
        limit 1
        for update skip locked)
      returning id`);
    if (rowCount(claimed) === 0) return undefined;
    const id = (Array.isArray(claimed) ? claimed[0] : (claimed as { rows: { id: string }[] }).rows[0]) as { id: string };
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id.id));
    return row;
  }

  private async runJob(job: JobRow): Promise<void> {
    const logger = jobLogger({ job_id: job.id, job_kind: job.kind, runner: 'embedded' });
    let lost = false;
    const renew = setInterval(
      () => {
        void this.renewLease(job.id).then((held) => {
          if (!held) lost = true;
        });
      },
      Math.max(100, Math.floor(this.options.leaseMs / 3)),
    );
    renew.unref?.();
    try {
      const step = await createEmbeddedStep({ db: this.db, jobId: job.id, runnerId: this.runnerId, isCancelled: () => lost || this.stopping });
      await executeJob(this.db, job.id, step, logger);
    } catch (error) {
      if (error instanceof JobPaused) {
        await this.release(job.id, error.until);
      } else if (error instanceof JobLeaseLost) {
        if (!lost) await this.release(job.id, now());
      } else {
        await this.retryOrFail(job, error, logger);
      }
    } finally {
      clearInterval(renew);
    }
  }

  private async renewLease(jobId: string): Promise<boolean> {
    const leaseUntil = new Date(nowMs() + this.options.leaseMs);
    const renewed = await this.db
      .update(jobs)
      .set({ leaseUntil })
      .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, this.runnerId)))
      .returning({ id: jobs.id });
    return renewed.length > 0;
  }

  private async release(jobId: string, runAfter: Date): Promise<void> {
    await this.db
      .update(jobs)
      .set({ runAfter, lockedBy: null, leaseUntil: null })
      .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, this.runnerId)));
  }

  private async retryOrFail(job: JobRow, error: unknown, logger: JobLogger): Promise<void> {
    const [row] = await this.db
      .update(jobs)
      .set({ attempts: sql`${jobs.attempts} + 1` })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.runnerId)))
      .returning({ attempts: jobs.attempts });
    if (!row) return;
    if (row.attempts >= this.options.maxAttempts) {
      logger.error({ err: error, job_id: job.id, attempts: row.attempts }, 'job failed after its last attempt');
      if (await markJobFailed(this.db, job.id, error)) await publishJobFinished(this.db, job.id);
      return;
    }
    const backoffMs = 5_000 * 2 ** (row.attempts - 1);
    logger.warn({ err: error, job_id: job.id, attempts: row.attempts, retry_in_ms: backoffMs }, 'job attempt failed; retrying');
    await this.release(job.id, new Date(nowMs() + backoffMs));
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

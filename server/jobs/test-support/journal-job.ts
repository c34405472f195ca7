import type { JobBody } from '../job-body';
import { saveJobProgress } from '@/server/job-queue/save-job-progress';
import { writeJournal } from './step-journal';

export interface JournalPayload {
  steps: number;
  /** sleep after this step until payload.sleepUntil */
  sleepAfter?: number;
  sleepUntil?: string;
  /** kill this process inside this step, before its side effect (crash tests) */
  killInStep?: number;
  /** throw a plain error in this step on the first N attempts */
  failInStep?: number;
  failTimes?: number;
}

const failures = new Map<string, number>();

/** A job whose steps each write one journal entry: "ran exactly once" is countable in the database. */
export const journalJob: JobBody<JournalPayload & { userId: number }> = async ({ jobId, payload, step, db }) => {
  for (let i = 1; i <= payload.steps; i += 1) {
    await step.run(`step ${i}`, async () => {
      if (payload.killInStep === i && process.env.STRIDE_JOB_TEST_KILL === '1') process.kill(process.pid, 'SIGKILL');
      if (payload.failInStep === i && (failures.get(jobId) ?? 0) < (payload.failTimes ?? 0)) {
        failures.set(jobId, (failures.get(jobId) ?? 0) + 1);
        throw new Error(`planned failure in step ${i}`);
      }
      await writeJournal(db, payload.userId, jobId, `step ${i}`);
      return { step: i };
    });
    await step.run('progress', () => saveJobProgress(db, jobId, { progress: { total: payload.steps, done: i, created: i, skipped: 0, failed: 0 } }));
    if (payload.sleepAfter === i && payload.sleepUntil) await step.sleepUntil('quota', payload.sleepUntil);
  }
  return { steps: payload.steps };
};

import { join } from 'node:path';
import { env } from '@/server/env';
import { now } from '@/server/clock';
import type { AccountExportPayload, AccountExportResult } from '@/server/services/account-export/account-export-payload';
import { exportRelativePath, sweepExpiredExports } from '@/server/services/account-export/export-files';
import { writeAccountArchive } from '@/server/services/account-export/write-account-archive';
import type { JobBody } from './job-body';
import { EMPTY_PROGRESS } from '@/server/job-queue/enqueue-job';
import { saveJobProgress } from '@/server/job-queue/save-job-progress';

const PROGRESS_EVERY = 25;

/**
 * CONTRACT: Account export: the archive is written in one step (a replay after a crash writes it
 * again under the same name, fixed by the first step). Progress counts activities.
 */
export const accountExportJob: JobBody<AccountExportPayload, AccountExportResult> = async ({ jobId, payload, step, db }) => {
  const stamp = await step.run('plan', async () => {
    await sweepExpiredExports(now());
    return now()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
  });
  return step.run('write archive', async () => {
    const path = exportRelativePath(payload.userId, stamp);
    const outcome = await writeAccountArchive(db, payload.userId, join(env().DATA_DIR, path), now(), async (done, total) => {
      if (done % PROGRESS_EVERY === 0 || done === total) {
        await saveJobProgress(db, jobId, { progress: { ...EMPTY_PROGRESS, total, done } });
      }
    });
    return { path, ...outcome };
  });
};

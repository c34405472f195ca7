import { removeUserFiles, USER_FILE_FOLDERS } from '@/server/services/users/user-files';
import type { JobBody } from './job-body';
import { saveJobProgress } from '@/server/job-queue/save-job-progress';

// Issue 49 case 10: the user_files_delete job removes a deleted user's files, one step per folder,
// so a restart mid-way resumes at the next folder (each step is idempotent). The job belongs to the
// administrator who deleted the user: the deleted user's own jobs went with the account.

export interface UserFilesDeletePayload {
  user_id: number;
}

export const userFilesDeleteJob: JobBody<UserFilesDeletePayload> = async ({ jobId, payload, step, db }) => {
  const total = USER_FILE_FOLDERS.length;
  for (const [i, folder] of USER_FILE_FOLDERS.entries()) {
    await step.run(`remove ${folder}`, async () => {
      await removeUserFiles(folder, payload.user_id);
      await saveJobProgress(db, jobId, { progress: { total, done: i + 1, created: 0, skipped: 0, failed: 0 }, activityIds: [], errors: [] });
    });
  }
  return { user_id: payload.user_id, removed: [...USER_FILE_FOLDERS] };
};

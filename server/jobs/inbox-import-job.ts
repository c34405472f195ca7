import { ingestInboxFile } from '@/server/services/inbox/ingest-inbox-file';
import type { JobBody } from './job-body';
import { saveJobProgress } from '@/server/job-queue/save-job-progress';

// The inbox_import job (CONTRACT: Beyond the spec … Integrations): one claimed inbox file.

export interface InboxImportPayload {
  inbox_file_id: string;
}

export const inboxImportJob: JobBody<InboxImportPayload> = async ({ jobId, payload, step, db }) =>
  step.run('ingest', async () => {
    const outcome = await ingestInboxFile(db, payload.inbox_file_id);
    const created = outcome.activityIds.length;
    const failed = outcome.status === 'done' ? 0 : 1;
    await saveJobProgress(db, jobId, { progress: { total: 1, done: 1, created, skipped: 0, failed }, activityIds: outcome.activityIds, errors: [] });
    return outcome;
  });

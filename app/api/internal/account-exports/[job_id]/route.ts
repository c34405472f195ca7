import { internalRoute } from '@/server/http/internal-route';
import { json } from '@/server/http/respond';
import type { AccountExportResult } from '@/server/services/account-export/account-export-payload';
import { cliExportJob } from '@/server/services/account-export/cli-export';
import { jobRecord } from '@/server/job-queue/job-record';

// The export CLI polls its hand-off here; once it succeeded, `archive.path` (relative to DATA_DIR)
// is the zip the CLI copies, from the data directory it shares with the server.
export const GET = internalRoute(async ({ db, params }) => {
  const row = await cliExportJob(db, String(params.job_id));
  return json({ job: jobRecord(row), archive: row.status === 'succeeded' ? (row.result as AccountExportResult) : null });
});

import { internalRoute } from '@/server/http/internal-route';
import { readBody } from '@/server/http/read-body';
import { json } from '@/server/http/respond';
import { parseOr422 } from '@/server/http/validation';
import { startCliExport } from '@/server/services/account-export/cli-export';
import { cliExportInput } from '@/server/services/account-export/schemas';
import { jobRecord } from '@/server/job-queue/job-record';

// The export CLI's hand-off while `npm start` holds the embedded database (server/process-claim/running-server.ts).
export const POST = internalRoute(async ({ request, db }) => {
  const input = parseOr422(cliExportInput, await readBody(request, 'json'));
  const { job, username } = await startCliExport(db, input.user);
  return json({ username, job: jobRecord(job) }, { status: 202 });
});

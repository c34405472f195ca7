import { internalRoute } from '@/server/http/internal-route';
import { readBody } from '@/server/http/read-body';
import { json } from '@/server/http/respond';
import { parseOr422 } from '@/server/http/validation';
import { startCliImport } from '@/server/services/archive-import/cli-import';
import { cliImportInput } from '@/server/services/archive-import/schemas';
import { jobRecord } from '@/server/job-queue/job-record';

// The import CLI's hand-off while `npm start` holds the embedded database (server/process-claim/running-server.ts).
export const POST = internalRoute(async ({ request, db }) => {
  const input = parseOr422(cliImportInput, await readBody(request, 'json'));
  const { job, username } = await startCliImport(db, input.user, input.path);
  return json({ username, job: jobRecord(job) }, { status: 202 });
});

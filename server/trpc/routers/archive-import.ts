import { jobStatusUrl } from '@/server/jobs/enqueue-job';
import { listDropExports } from '@/server/services/archive-import/drop-folder';
import { startArchiveImportInput } from '@/server/services/archive-import/schemas';
import { startArchiveImport } from '@/server/services/archive-import/start-archive-import';
import { authedProcedure, router } from '../init';

// The web UI's twin of POST /strava/import/archive (JSON or no body; the zip upload goes over
// REST multipart), plus what is in the drop folder to pick from.
export const archiveImportRouter = router({
  dropFolder: authedProcedure('DEFAULT').query(({ ctx }) => listDropExports(ctx.user.userId)),
  start: authedProcedure('UPLOAD')
    .input(startArchiveImportInput.optional())
    .mutation(async ({ ctx, input }) => {
      const job = await startArchiveImport(ctx.db, ctx.user.userId, input);
      return { job_id: job.id, status_url: jobStatusUrl(job.id) };
    }),
});

import { listDropExports } from '@/server/services/archive-import/drop-folder';
import { startArchiveImportInput } from '@/server/services/archive-import/schemas';
import { startArchiveImport } from '@/server/services/archive-import/start-archive-import';
import { jobHandle } from '@/server/services/jobs/job-record';
import { authedProcedure, router } from '../init';

// The web UI's twin of POST /strava/import/archive (JSON or no body; the zip upload goes over
// REST multipart), plus what is in the drop folder to pick from.
export const archiveImportRouter = router({
  dropFolder: authedProcedure('DEFAULT').query(({ ctx }) => listDropExports(ctx.user.userId)),
  start: authedProcedure('UPLOAD')
    .input(startArchiveImportInput.optional())
    .mutation(async ({ ctx, input }) => jobHandle(await startArchiveImport(ctx.db, ctx.user.userId, input))),
});

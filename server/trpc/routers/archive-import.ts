import { deleteDropFolderFile } from '@/server/services/archive-import/delete-drop-folder-file';
import { listDropFolderFiles } from '@/server/services/archive-import/list-drop-folder-files';
import { deleteDropFolderFileInput, startArchiveImportInput } from '@/server/services/archive-import/schemas';
import { startArchiveImport } from '@/server/services/archive-import/start-archive-import';
import { jobHandle } from '@/server/job-queue/job-record';
import { authedProcedure, router } from '../init';

// The web UI's twin of POST /strava/import/archive (JSON or no body; the zip upload goes over
// REST multipart), plus the drop folder's exports with their sizes, to pick from or to delete
// (twins of GET /strava/import/archive/files and DELETE …/files/{name}).
export const archiveImportRouter = router({
  files: authedProcedure('DEFAULT').query(({ ctx }) => listDropFolderFiles(ctx.user.userId)),
  deleteFile: authedProcedure('WRITE')
    .input(deleteDropFolderFileInput)
    .mutation(({ ctx, input }) => deleteDropFolderFile(ctx.db, ctx.user.userId, input.name)),
  start: authedProcedure('UPLOAD')
    .input(startArchiveImportInput.optional())
    .mutation(async ({ ctx, input }) => jobHandle(await startArchiveImport(ctx.db, ctx.user.userId, input))),
});

import { now } from '@/server/clock';
import { accountExportHandle, accountExportRecord } from '@/server/services/account-export/account-export-record';
import { getAccountExportOrThrow } from '@/server/services/account-export/get-account-export-or-throw';
import { accountExportIdInput, startAccountExportInput } from '@/server/services/account-export/schemas';
import { startAccountExport } from '@/server/services/account-export/start-account-export';
import { authedProcedure, router } from '../init';

// Twin of POST /profile/export and GET /profile/export/{job_id}; the zip itself is downloaded
// over REST (a streamed file is no tRPC answer).
export const accountExportRouter = router({
  start: authedProcedure('SENSITIVE')
    .input(startAccountExportInput)
    .mutation(async ({ ctx, input }) => accountExportHandle(await startAccountExport(ctx.db, ctx.user.userId, input))),
  get: authedProcedure('DEFAULT')
    .input(accountExportIdInput)
    .query(async ({ ctx, input }) => accountExportRecord(await getAccountExportOrThrow(ctx.db, ctx.user.userId, input.id), now())),
});

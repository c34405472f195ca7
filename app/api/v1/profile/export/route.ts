import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { accountExportHandle } from '@/server/services/account-export/account-export-record';
import { startAccountExportInput } from '@/server/services/account-export/schemas';
import { startAccountExport } from '@/server/services/account-export/start-account-export';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    auth: 'jwt',
    scope: 'profile',
    tier: 'SENSITIVE',
    json: startAccountExportInput,
    handler: async ({ db, auth, body }) => {
      const handle = accountExportHandle(await startAccountExport(db, auth.userId, body));
      return json(handle, { status: 202, headers: { location: handle.status_url } });
    },
  }),
});

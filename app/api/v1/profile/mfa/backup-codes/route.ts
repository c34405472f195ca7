import { defineRoute } from '@/server/http/define-route';
import { routes } from '@/server/http/routes';
import { backupCodesResponse } from '@/server/http/wire/backup-codes';
import { regenerateBackupCodes } from '@/server/services/mfa/regenerate-backup-codes';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    auth: 'jwt',
    scope: 'profile',
    tier: 'SENSITIVE',
    handler: async ({ db, auth }) => backupCodesResponse(await regenerateBackupCodes(db, auth.userId), 201),
  }),
});

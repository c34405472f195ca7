import { defineRoute } from '@/server/http/define-route';
import { routes } from '@/server/http/routes';
import { backupCodesDoc, backupCodesResponse } from '@/server/http/wire/backup-codes';
import { regenerateBackupCodes } from '@/server/services/mfa/regenerate-backup-codes';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: { summary: 'Regenerate MFA backup codes', problems: ['conflict'], responses: { 201: backupCodesDoc('New codes; the old ones stop working') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'SENSITIVE',
    handler: async ({ db, auth }) => backupCodesResponse(await regenerateBackupCodes(db, auth.userId), 201),
  }),
});

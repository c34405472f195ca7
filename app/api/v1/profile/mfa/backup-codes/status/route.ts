import { jsonDoc } from '@/server/http/route-doc';
import { backupCodeStatusRecord, backupCodeStatusResponse } from '@/server/services/mfa/schemas';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { getBackupCodeStatus } from '@/server/services/mfa/get-backup-code-status';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'MFA backup code status', responses: { 200: jsonDoc(backupCodeStatusResponse, 'How many codes are left') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json(backupCodeStatusRecord(await getBackupCodeStatus(db, auth.userId))),
  }),
});

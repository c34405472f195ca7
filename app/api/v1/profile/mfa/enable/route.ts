import { defineRoute } from '@/server/http/define-route';
import { routes } from '@/server/http/routes';
import { backupCodesDoc, backupCodesResponse } from '@/server/http/wire/backup-codes';
import { enableMfa } from '@/server/services/mfa/enable-mfa';
import { mfaCodeInput } from '@/server/services/mfa/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: { summary: 'Enable MFA', problems: ['conflict'], responses: { 200: backupCodesDoc('MFA is on; the backup codes, shown once') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'SENSITIVE',
    json: mfaCodeInput,
    handler: async ({ db, auth, body }) => backupCodesResponse(await enableMfa(db, auth.userId, body.mfa_code), 200),
  }),
});

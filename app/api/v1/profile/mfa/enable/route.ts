import { defineRoute } from '@/server/http/define-route';
import { routes } from '@/server/http/routes';
import { backupCodesDoc, backupCodesResponse } from '@/server/http/wire/backup-codes';
import { assertMfaStepUp } from '@/server/services/mfa/assert-mfa-step-up';
import { enableMfa } from '@/server/services/mfa/enable-mfa';
import { mfaCodeInput } from '@/server/services/mfa/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: {
      summary: 'Enable MFA',
      problems: ['conflict', 'validation_failed', 'permission_denied', 'rate_limited'],
      responses: { 200: backupCodesDoc('MFA is on; the backup codes, shown once') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'SENSITIVE',
    json: mfaCodeInput,
    handler: async ({ db, auth, body }) => {
      await assertMfaStepUp(db, auth, body.current_password, 'Enabling MFA');
      return backupCodesResponse(await enableMfa(db, auth.userId, body.mfa_code), 200);
    },
  }),
});

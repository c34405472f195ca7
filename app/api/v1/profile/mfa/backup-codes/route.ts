import { defineRoute } from '@/server/http/define-route';
import { routes } from '@/server/http/routes';
import { backupCodesDoc, backupCodesResponse } from '@/server/http/wire/backup-codes';
import { assertMfaStepUp } from '@/server/services/mfa/assert-mfa-step-up';
import { regenerateBackupCodes } from '@/server/services/mfa/regenerate-backup-codes';
import { mfaStepUpInput } from '@/server/services/mfa/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: {
      summary: 'Regenerate MFA backup codes',
      problems: ['conflict', 'validation_failed', 'permission_denied', 'rate_limited'],
      responses: { 201: backupCodesDoc('New codes; the old ones stop working') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'SENSITIVE',
    json: mfaStepUpInput,
    handler: async ({ db, auth, body }) => {
      await assertMfaStepUp(db, auth, body?.current_password, 'Regenerating backup codes');
      return backupCodesResponse(await regenerateBackupCodes(db, auth.userId), 201);
    },
  }),
});

import { jsonDoc } from '@/server/http/route-doc';
import { mfaSetupRecord, mfaSetupResponse, mfaStepUpInput } from '@/server/services/mfa/schemas';
import { assertMfaStepUp } from '@/server/services/mfa/assert-mfa-step-up';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { setupMfa } from '@/server/services/mfa/setup-mfa';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: {
      summary: 'Start MFA setup',
      problems: ['conflict', 'validation_failed', 'permission_denied', 'rate_limited'],
      responses: { 200: jsonDoc(mfaSetupResponse, 'The secret to enter in an authenticator app', ['cache-control']) },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'SENSITIVE',
    json: mfaStepUpInput,
    handler: async ({ db, auth, body }) => {
      await assertMfaStepUp(db, auth, body?.current_password, 'MFA setup');
      return json(mfaSetupRecord(await setupMfa(db, auth.userId)), { headers: { 'cache-control': 'no-store' } });
    },
  }),
});

import { jsonDoc } from '@/server/http/route-doc';
import { mfaSetupRecord, mfaSetupResponse } from '@/server/services/mfa/schemas';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { setupMfa } from '@/server/services/mfa/setup-mfa';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: {
      summary: 'Start MFA setup',
      problems: ['conflict'],
      responses: { 200: jsonDoc(mfaSetupResponse, 'The secret to enter in an authenticator app', ['cache-control']) },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'SENSITIVE',
    handler: async ({ db, auth }) => json(mfaSetupRecord(await setupMfa(db, auth.userId)), { headers: { 'cache-control': 'no-store' } }),
  }),
});

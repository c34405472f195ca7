import { jsonDoc } from '@/server/http/route-doc';
import { mfaStatusResponse } from '@/server/services/mfa/schemas';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { getMfaStatus } from '@/server/services/mfa/get-mfa-status';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'MFA status', responses: { 200: jsonDoc(mfaStatusResponse, 'Whether MFA is on') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json(await getMfaStatus(db, auth.userId)),
  }),
});

import { emptyDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { disableMfa } from '@/server/services/mfa/disable-mfa';
import { disableMfaInput } from '@/server/services/mfa/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: { summary: 'Disable MFA', responses: { 204: emptyDoc('MFA is off') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'SENSITIVE',
    json: disableMfaInput,
    handler: async ({ db, auth, body }) => {
      await disableMfa(db, auth.userId, { mfaCode: body.mfa_code, currentPassword: body.current_password });
      return noContent();
    },
  }),
});

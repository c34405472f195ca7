import { emptyDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { changePassword } from '@/server/services/users/change-password';
import { changePasswordInput } from '@/server/services/users/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  PUT: defineRoute({
    doc: { summary: 'Change the password', description: 'Other sessions end.', responses: { 204: emptyDoc('Changed') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'SENSITIVE',
    json: changePasswordInput,
    handler: async ({ db, auth, body }) => {
      await changePassword(db, auth.userId, auth.sessionId, body);
      return noContent();
    },
  }),
});

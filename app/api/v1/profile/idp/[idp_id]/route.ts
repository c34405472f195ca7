import { emptyDoc } from '@/server/http/route-doc';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { unlinkIdentity } from '@/server/services/sso/unlink-identity';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  DELETE: defineRoute({
    doc: { summary: 'Unlink an identity provider', problems: ['invalid_input', 'conflict'], responses: { 204: emptyDoc('Unlinked') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    params: z.object({ idp_id: intId }),
    handler: async ({ db, auth, params }) => {
      await unlinkIdentity(db, auth.userId, params.idp_id);
      return noContent();
    },
  }),
});

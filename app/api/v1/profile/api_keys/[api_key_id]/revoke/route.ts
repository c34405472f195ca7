import { emptyDoc } from '@/server/http/route-doc';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { revokeApiKey } from '@/server/services/api-keys/revoke-api-key';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  PATCH: defineRoute({
    doc: { summary: 'Revoke an API key', responses: { 204: emptyDoc('Revoked') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    params: z.object({ api_key_id: z.string().max(64) }),
    handler: async ({ db, auth, params }) => {
      await revokeApiKey(db, auth.userId, params.api_key_id);
      return noContent();
    },
  }),
});

import { emptyDoc } from '@/server/http/route-doc';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { deleteApiKey } from '@/server/services/api-keys/revoke-api-key';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  DELETE: defineRoute({
    doc: { summary: 'Delete an API key', responses: { 204: emptyDoc('Deleted') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    params: z.object({ api_key_id: z.string().max(64) }),
    handler: async ({ db, auth, params }) => {
      await deleteApiKey(db, auth.userId, params.api_key_id);
      return noContent();
    },
  }),
});

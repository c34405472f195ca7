import { emptyDoc } from '@/server/http/route-doc';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { deleteWeight } from '@/server/services/weight/delete-weight';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  DELETE: defineRoute({
    doc: { summary: 'Delete a weight entry', responses: { 204: emptyDoc('Deleted') } },
    auth: 'jwt',
    scope: 'health:write',
    tier: 'WRITE',
    params: z.object({ weight_id: intId }),
    handler: async ({ db, auth, params }) => {
      await deleteWeight(db, auth.userId, params.weight_id);
      return noContent();
    },
  }),
});

import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { noContent } from '@/server/http/respond';
import { emptyDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { deleteThreshold } from '@/server/services/training-load/delete-threshold';

// CONTRACT: Beyond the spec … Training load
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  DELETE: defineRoute({
    doc: { summary: 'Remove a thresholds entry', responses: { 204: emptyDoc('Removed; loads are recomputed by a job') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    params: z.object({ threshold_id: intId }),
    handler: async ({ db, auth, params }) => {
      await deleteThreshold(db, auth.userId, params.threshold_id);
      return noContent();
    },
  }),
});

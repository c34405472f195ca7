import { z } from 'zod';
import { emptyDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { deletePrivacyZone } from '@/server/services/privacy-zones/delete-privacy-zone';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  DELETE: defineRoute({
    doc: { summary: 'Remove a privacy zone', responses: { 204: emptyDoc('Removed') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    params: z.object({ zone_id: intId }),
    handler: async ({ db, auth, params }) => {
      await deletePrivacyZone(db, auth.userId, params.zone_id);
      return noContent();
    },
  }),
});

import { emptyDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { unlinkStrava } from '@/server/services/strava/unlink-strava';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  DELETE: defineRoute({
    doc: { summary: 'Unlink Strava', responses: { 204: emptyDoc('Unlinked') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    handler: async ({ db, auth }) => {
      await unlinkStrava(db, auth.userId);
      return noContent();
    },
  }),
});

import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { getInbox } from '@/server/services/inbox/get-inbox';
import { inboxResponse } from '@/server/services/inbox/schemas';

// CONTRACT: Beyond the spec … Integrations: the watched drop folder.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'The watched inbox',
      description: 'Its path on the server and the last 50 files seen there, newest first, with their outcome.',
      responses: { 200: jsonDoc(inboxResponse, 'The inbox') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json(await getInbox(db, auth.userId)),
  }),
});

import { emptyDoc } from '@/server/http/route-doc';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { deleteSession } from '@/server/services/sessions/delete-session';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  DELETE: defineRoute({
    doc: { summary: 'End a session', description: "Your own, or any user's as admin.", responses: { 204: emptyDoc('Ended') } },
    auth: 'jwt',
    tier: 'WRITE',
    params: z.object({ session_id: z.string().max(64), user_id: intId }),
    handler: async ({ db, auth, params }) => {
      await deleteSession(db, auth, params.session_id, params.user_id);
      return noContent();
    },
  }),
});

import { jsonDoc } from '@/server/http/route-doc';
import { sessionResponse } from '@/server/services/sessions/schemas';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { listSessions } from '@/server/services/sessions/list-sessions';
import { sessionRecord } from '@/server/services/sessions/session-record';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: "List a user's sessions",
      description: "Your own, or any user's as admin.",
      responses: { 200: jsonDoc(z.array(sessionResponse), "Active sessions; current marks the caller's") },
    },
    auth: 'jwt',
    tier: 'DEFAULT',
    params: z.object({ user_id: intId }),
    handler: async ({ db, auth, params }) => json((await listSessions(db, auth, params.user_id)).map((s) => sessionRecord(s, auth.sessionId))),
  }),
});

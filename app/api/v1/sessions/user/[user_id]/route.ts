import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { listSessions } from '@/server/services/sessions/list-sessions';
import { sessionRecord } from '@/server/services/sessions/session-record';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    auth: 'jwt',
    tier: 'DEFAULT',
    params: z.object({ user_id: intId }),
    handler: async ({ db, auth, params }) =>
      json((await listSessions(db, auth, params.user_id)).map((s) => sessionRecord(s, auth.sessionId))),
  }),
});

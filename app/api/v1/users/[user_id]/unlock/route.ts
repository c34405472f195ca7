import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { requireAdmin } from '@/server/http/guards';
import { intId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { unlockAccount } from '@/server/services/auth/unlock-account';
import { unlockAccountResponse } from '@/server/services/auth/schemas';

// An administrator lifts a user's sign-in lockout (password and MFA steps).
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: { summary: 'Unlock a locked account (admin)', responses: { 200: jsonDoc(unlockAccountResponse, 'Whether a lock or failure count was lifted') } },
    auth: 'jwt',
    scope: 'users:write',
    tier: 'WRITE',
    params: z.object({ user_id: intId }),
    handler: async ({ db, auth, params }) => {
      requireAdmin(auth);
      return json(await unlockAccount(db, params.user_id));
    },
  }),
});

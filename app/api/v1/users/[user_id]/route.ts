import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { requireAdmin } from '@/server/http/guards';
import { intId } from '@/server/http/params';
import { json, noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { deleteUser } from '@/server/services/users/delete-user';
import { getUserOrThrow } from '@/server/services/users/get-user-or-throw';
import { updateUserInput } from '@/server/services/users/schemas';
import { updateUser } from '@/server/services/users/update-user';
import { userRecord } from '@/server/services/users/user-record';

const params = z.object({ user_id: intId });

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    auth: 'jwt',
    scope: 'users:read',
    tier: 'DEFAULT',
    params,
    handler: async ({ db, auth, params }) => {
      requireAdmin(auth);
      return json(userRecord(await getUserOrThrow(db, params.user_id)));
    },
  }),
  PUT: defineRoute({
    auth: 'jwt',
    scope: 'users:write',
    tier: 'WRITE',
    params,
    json: updateUserInput,
    handler: async ({ db, auth, params, body }) => {
      requireAdmin(auth);
      return json(userRecord(await updateUser(db, params.user_id, body)));
    },
  }),
  DELETE: defineRoute({
    auth: 'jwt',
    scope: 'users:write',
    tier: 'WRITE',
    params,
    handler: async ({ db, auth, params }) => {
      requireAdmin(auth);
      await deleteUser(db, auth.userId, params.user_id);
      return noContent();
    },
  }),
});

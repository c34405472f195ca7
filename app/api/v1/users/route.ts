import { defineRoute } from '@/server/http/define-route';
import { requireAdmin } from '@/server/http/guards';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { createUser } from '@/server/services/users/create-user';
import { listUsers } from '@/server/services/users/list-users';
import { createUserInput } from '@/server/services/users/schemas';
import { userRecord } from '@/server/services/users/user-record';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    auth: 'jwt',
    scope: 'users:read',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => {
      requireAdmin(auth);
      return json((await listUsers(db)).map(userRecord));
    },
  }),
  POST: defineRoute({
    auth: 'jwt',
    scope: 'users:write',
    tier: 'WRITE',
    json: createUserInput,
    handler: async ({ db, auth, body }) => {
      requireAdmin(auth);
      return json(userRecord(await createUser(db, body)), { status: 201 });
    },
  }),
});

import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { getUserOrThrow } from '@/server/services/users/get-user-or-throw';
import { updateProfileInput } from '@/server/services/users/schemas';
import { updateUser } from '@/server/services/users/update-user';
import { userRecord } from '@/server/services/users/user-record';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json(userRecord(await getUserOrThrow(db, auth.userId))),
  }),
  PUT: defineRoute({
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    json: updateProfileInput,
    handler: async ({ db, auth, body }) => json(userRecord(await updateUser(db, auth.userId, body))),
  }),
});

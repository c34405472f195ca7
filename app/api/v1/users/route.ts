import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { requireAdmin } from '@/server/http/guards';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { createUser } from '@/server/services/users/create-user';
import { listUsers } from '@/server/services/users/list-users';
import { createUserInput, userResponse } from '@/server/services/users/schemas';
import { userRecord } from '@/server/services/users/user-record';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List users (admin)', responses: { 200: jsonDoc(z.array(userResponse), 'Every user') } },
    auth: 'jwt',
    scope: 'users:read',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => {
      requireAdmin(auth);
      return json((await listUsers(db)).map(userRecord));
    },
  }),
  POST: defineRoute({
    doc: { summary: 'Create a user (admin)', problems: ['conflict'], responses: { 201: jsonDoc(userResponse, 'The new user') } },
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

import { emptyDoc, jsonDoc } from '@/server/http/route-doc';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { requireAdmin } from '@/server/http/guards';
import { intId } from '@/server/http/params';
import { json, noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { deleteUser } from '@/server/services/users/delete-user';
import { getUserOrThrow } from '@/server/services/users/get-user-or-throw';
import { updateUserInput, userResponse } from '@/server/services/users/schemas';
import { updateUser } from '@/server/services/users/update-user';
import { userRecord } from '@/server/services/users/user-record';

const params = z.object({ user_id: intId });

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'Get a user (admin)', responses: { 200: jsonDoc(userResponse, 'The user record') } },
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
    doc: { summary: 'Update a user (admin)', problems: ['conflict'], responses: { 200: jsonDoc(userResponse, 'The updated user record') } },
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
    doc: { summary: 'Delete a user (admin)', problems: ['conflict'], responses: { 204: emptyDoc('Deleted with everything they own') } },
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

import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { getUserOrThrow } from '@/server/services/users/get-user-or-throw';
import { updateProfileInput, userResponse } from '@/server/services/users/schemas';
import { updateUser } from '@/server/services/users/update-user';
import { userRecord } from '@/server/services/users/user-record';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: "Get the caller's profile", responses: { 200: jsonDoc(userResponse, 'The user record') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json(userRecord(await getUserOrThrow(db, auth.userId))),
  }),
  PUT: defineRoute({
    doc: { summary: "Update the caller's profile", problems: ['conflict'], responses: { 200: jsonDoc(userResponse, 'The updated user record') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    json: updateProfileInput,
    handler: async ({ db, auth, body }) => json(userRecord(await updateUser(db, auth.userId, body))),
  }),
});

import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { createGear } from '@/server/services/gear/create-gear';
import { listGears } from '@/server/services/gear/list-gears';
import { createGearInput } from '@/server/services/gear/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    auth: 'jwt',
    scope: 'gears:read',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json(await listGears(db, auth.userId)),
  }),
  POST: defineRoute({
    auth: 'jwt',
    scope: 'gears:write',
    tier: 'WRITE',
    json: createGearInput,
    handler: async ({ db, auth, body }) => json(await createGear(db, auth.userId, body), { status: 201 }),
  }),
});

import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json, noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { deleteGear } from '@/server/services/gear/delete-gear';
import { getGearOrThrow } from '@/server/services/gear/get-gear-or-throw';
import { updateGearInput } from '@/server/services/gear/schemas';
import { updateGear } from '@/server/services/gear/update-gear';

const params = z.object({ gear_id: intId });

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    auth: 'jwt',
    scope: 'gears:read',
    tier: 'DEFAULT',
    params,
    handler: async ({ db, auth, params }) => json(await getGearOrThrow(db, auth.userId, params.gear_id)),
  }),
  PUT: defineRoute({
    auth: 'jwt',
    scope: 'gears:write',
    tier: 'WRITE',
    params,
    json: updateGearInput,
    handler: async ({ db, auth, params, body }) => json(await updateGear(db, auth.userId, params.gear_id, body)),
  }),
  DELETE: defineRoute({
    auth: 'jwt',
    scope: 'gears:write',
    tier: 'WRITE',
    params,
    handler: async ({ db, auth, params }) => {
      await deleteGear(db, auth.userId, params.gear_id);
      return noContent();
    },
  }),
});

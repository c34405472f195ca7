import { emptyDoc, jsonDoc } from '@/server/http/route-doc';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json, noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { deleteGear } from '@/server/services/gear/delete-gear';
import { getGearOrThrow } from '@/server/services/gear/get-gear-or-throw';
import { gearResponse, updateGearInput } from '@/server/services/gear/schemas';
import { updateGear } from '@/server/services/gear/update-gear';

const params = z.object({ gear_id: intId });

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'Get gear', responses: { 200: jsonDoc(gearResponse, 'The gear') } },
    auth: 'jwt',
    scope: 'gears:read',
    tier: 'DEFAULT',
    params,
    handler: async ({ db, auth, params }) => json(await getGearOrThrow(db, auth.userId, params.gear_id)),
  }),
  PUT: defineRoute({
    doc: { summary: 'Update gear', problems: ['conflict'], responses: { 200: jsonDoc(gearResponse, 'The updated gear') } },
    auth: 'jwt',
    scope: 'gears:write',
    tier: 'WRITE',
    params,
    json: updateGearInput,
    handler: async ({ db, auth, params, body }) => json(await updateGear(db, auth.userId, params.gear_id, body)),
  }),
  DELETE: defineRoute({
    doc: { summary: 'Delete gear', responses: { 204: emptyDoc('Deleted; its activities keep no gear') } },
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

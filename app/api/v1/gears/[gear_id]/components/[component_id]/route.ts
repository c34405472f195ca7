import { z } from 'zod';
import { emptyDoc, jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json, noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { deleteGearComponent } from '@/server/services/gear-components/delete-gear-component';
import { componentResponse, updateComponentInput } from '@/server/services/gear-components/schemas';
import { updateGearComponent } from '@/server/services/gear-components/update-gear-component';

const params = z.object({ gear_id: intId, component_id: intId });

// CONTRACT: Explorer, goals, gear components, segments
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  PATCH: defineRoute({
    doc: { summary: 'Change a component', responses: { 200: jsonDoc(componentResponse, 'The changed component') } },
    auth: 'jwt',
    scope: 'gears:write',
    tier: 'WRITE',
    params,
    json: updateComponentInput,
    handler: async ({ db, auth, params, body }) => json(await updateGearComponent(db, auth.userId, params.gear_id, params.component_id, body)),
  }),
  DELETE: defineRoute({
    doc: { summary: 'Remove a component', responses: { 204: emptyDoc('Removed') } },
    auth: 'jwt',
    scope: 'gears:write',
    tier: 'WRITE',
    params,
    handler: async ({ db, auth, params }) => {
      await deleteGearComponent(db, auth.userId, params.gear_id, params.component_id);
      return noContent();
    },
  }),
});

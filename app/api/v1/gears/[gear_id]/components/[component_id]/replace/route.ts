import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { replaceGearComponent } from '@/server/services/gear-components/replace-gear-component';
import { componentResponse, replaceComponentInput } from '@/server/services/gear-components/schemas';

// the web app's "replace": retire the component and install a new one like it, in one step
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: {
      summary: 'Replace a component',
      problems: ['conflict'],
      responses: { 201: jsonDoc(componentResponse, 'The new component (the old one is retired)') },
    },
    auth: 'jwt',
    scope: 'gears:write',
    tier: 'WRITE',
    params: z.object({ gear_id: intId, component_id: intId }),
    json: replaceComponentInput,
    handler: async ({ db, auth, params, body }) =>
      json(await replaceGearComponent(db, auth.userId, params.gear_id, params.component_id, body), { status: 201 }),
  }),
});

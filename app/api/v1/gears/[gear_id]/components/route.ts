import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { createGearComponent } from '@/server/services/gear-components/create-gear-component';
import { listGearComponents } from '@/server/services/gear-components/list-gear-components';
import { componentResponse, createComponentInput } from '@/server/services/gear-components/schemas';

const params = z.object({ gear_id: intId });

// CONTRACT: Explorer, goals, gear components, segments
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: "List a gear item's components", responses: { 200: jsonDoc(z.array(componentResponse), 'Its components with their use, oldest first') } },
    auth: 'jwt',
    scope: 'gears:read',
    tier: 'DEFAULT',
    params,
    handler: async ({ db, auth, params }) => json(await listGearComponents(db, auth.userId, params.gear_id)),
  }),
  POST: defineRoute({
    doc: { summary: 'Install a component', responses: { 201: jsonDoc(componentResponse, 'The new component') } },
    auth: 'jwt',
    scope: 'gears:write',
    tier: 'WRITE',
    params,
    json: createComponentInput,
    handler: async ({ db, auth, params, body }) => json(await createGearComponent(db, auth.userId, params.gear_id, body), { status: 201 }),
  }),
});

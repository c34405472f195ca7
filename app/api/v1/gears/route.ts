import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { createGear } from '@/server/services/gear/create-gear';
import { listGears } from '@/server/services/gear/list-gears';
import { createGearInput, gearResponse } from '@/server/services/gear/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List gear', responses: { 200: jsonDoc(z.array(gearResponse), "The caller's gear") } },
    auth: 'jwt',
    scope: 'gears:read',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json(await listGears(db, auth.userId)),
  }),
  POST: defineRoute({
    doc: { summary: 'Create gear', problems: ['conflict'], responses: { 201: jsonDoc(gearResponse, 'The new gear') } },
    auth: 'jwt',
    scope: 'gears:write',
    tier: 'WRITE',
    json: createGearInput,
    handler: async ({ db, auth, body }) => json(await createGear(db, auth.userId, body), { status: 201 }),
  }),
});

import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { createPrivacyZone } from '@/server/services/privacy-zones/create-privacy-zone';
import { listPrivacyZones } from '@/server/services/privacy-zones/list-privacy-zones';
import { createPrivacyZoneInput, privacyZoneResponse } from '@/server/services/privacy-zones/schemas';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List privacy zones', responses: { 200: jsonDoc(z.array(privacyZoneResponse), "The caller's privacy zones") } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json(await listPrivacyZones(db, auth.userId)),
  }),
  POST: defineRoute({
    doc: { summary: 'Add a privacy zone', responses: { 201: jsonDoc(privacyZoneResponse, 'The new zone') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    json: createPrivacyZoneInput,
    handler: async ({ db, auth, body }) => json(await createPrivacyZone(db, auth.userId, body), { status: 201 }),
  }),
});

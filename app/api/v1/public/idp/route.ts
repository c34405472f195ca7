import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { publicIdentityProviderResponse } from '@/server/services/identity-providers/schemas';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { publicIdentityProviderRecord } from '@/server/services/identity-providers/identity-provider-record';
import { listIdentityProviders } from '@/server/services/identity-providers/list-identity-providers';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List enabled identity providers', responses: { 200: jsonDoc(z.array(publicIdentityProviderResponse), 'For the sign-in page') } },
    auth: 'public',
    tier: 'DEFAULT',
    handler: async ({ db }) => json((await listIdentityProviders(db, { enabledOnly: true })).map(publicIdentityProviderRecord)),
  }),
});

import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { requireAdmin } from '@/server/http/guards';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { createIdentityProvider } from '@/server/services/identity-providers/create-identity-provider';
import { identityProviderRecord } from '@/server/services/identity-providers/identity-provider-record';
import { listIdentityProviders } from '@/server/services/identity-providers/list-identity-providers';
import { identityProviderInput, identityProviderResponse } from '@/server/services/identity-providers/schemas';

// CONTRACT: Single sign-on: every /idp route is admin only (regular user 403, no token 401).
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List identity providers (admin)', responses: { 200: jsonDoc(z.array(identityProviderResponse), 'Every provider') } },
    auth: 'jwt',
    scope: 'identity_providers:read',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => {
      requireAdmin(auth);
      return json((await listIdentityProviders(db)).map(identityProviderRecord));
    },
  }),
  POST: defineRoute({
    doc: {
      summary: 'Create an identity provider (admin)',
      problems: ['conflict', 'failed_dependency', 'upstream'],
      responses: { 201: jsonDoc(identityProviderResponse, 'The new provider') },
    },
    auth: 'jwt',
    scope: 'identity_providers:write',
    tier: 'WRITE',
    json: identityProviderInput,
    handler: async ({ db, auth, body }) => {
      requireAdmin(auth);
      return json(identityProviderRecord(await createIdentityProvider(db, body)), { status: 201 });
    },
  }),
});

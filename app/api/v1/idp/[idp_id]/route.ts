import { emptyDoc, jsonDoc } from '@/server/http/route-doc';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { requireAdmin } from '@/server/http/guards';
import { intId } from '@/server/http/params';
import { json, noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { deleteIdentityProvider } from '@/server/services/identity-providers/delete-identity-provider';
import { getIdentityProviderOrThrow } from '@/server/services/identity-providers/get-identity-provider-or-throw';
import { identityProviderRecord } from '@/server/services/identity-providers/identity-provider-record';
import { identityProviderInput, identityProviderResponse } from '@/server/services/identity-providers/schemas';
import { updateIdentityProvider } from '@/server/services/identity-providers/update-identity-provider';

const params = z.object({ idp_id: intId });

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'Get an identity provider (admin)', responses: { 200: jsonDoc(identityProviderResponse, 'The provider') } },
    auth: 'jwt',
    scope: 'identity_providers:read',
    tier: 'DEFAULT',
    params,
    handler: async ({ db, auth, params }) => {
      requireAdmin(auth);
      return json(identityProviderRecord(await getIdentityProviderOrThrow(db, { id: params.idp_id })));
    },
  }),
  PUT: defineRoute({
    doc: {
      summary: 'Update an identity provider (admin)',
      problems: ['conflict', 'failed_dependency', 'upstream'],
      responses: { 200: jsonDoc(identityProviderResponse, 'The updated provider') },
    },
    auth: 'jwt',
    scope: 'identity_providers:write',
    tier: 'WRITE',
    params,
    json: identityProviderInput,
    handler: async ({ db, auth, params, body }) => {
      requireAdmin(auth);
      return json(identityProviderRecord(await updateIdentityProvider(db, params.idp_id, body)));
    },
  }),
  DELETE: defineRoute({
    doc: { summary: 'Delete an identity provider (admin)', responses: { 204: emptyDoc('Deleted') } },
    auth: 'jwt',
    scope: 'identity_providers:write',
    tier: 'WRITE',
    params,
    handler: async ({ db, auth, params }) => {
      requireAdmin(auth);
      await deleteIdentityProvider(db, params.idp_id);
      return noContent();
    },
  }),
});

import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { identityLinkResponse } from '@/server/services/sso/schemas';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { listIdentityLinks } from '@/server/services/sso/list-identity-links';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List linked identity providers', responses: { 200: jsonDoc(z.array(identityLinkResponse), 'The links') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json(await listIdentityLinks(db, auth.userId)),
  }),
});

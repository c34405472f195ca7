import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { apiKeyRecord } from '@/server/services/api-keys/api-key-record';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import { listApiKeys } from '@/server/services/api-keys/list-api-keys';
import { createApiKeyInput } from '@/server/services/api-keys/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json((await listApiKeys(db, auth.userId)).map((row) => apiKeyRecord(row))),
  }),
  POST: defineRoute({
    auth: 'jwt',
    scope: 'profile',
    tier: 'SENSITIVE',
    json: createApiKeyInput,
    handler: async ({ db, auth, body }) => {
      const { row, key } = await createApiKey(db, auth.userId, body);
      return json(apiKeyRecord(row, key), { status: 201, headers: { 'cache-control': 'no-store' } });
    },
  }),
});

import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { apiKeyRecord } from '@/server/services/api-keys/api-key-record';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import { listApiKeys } from '@/server/services/api-keys/list-api-keys';
import { apiKeyResponse, createApiKeyInput } from '@/server/services/api-keys/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List API keys', responses: { 200: jsonDoc(z.array(apiKeyResponse), "The caller's keys (never the secret)") } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json((await listApiKeys(db, auth.userId)).map((row) => apiKeyRecord(row))),
  }),
  POST: defineRoute({
    doc: {
      summary: 'Create an API key',
      description: 'Needs the step-up proof; the key is shown once.',
      responses: { 201: jsonDoc(apiKeyResponse, 'The new key, with `key` this once', ['cache-control']) },
    },
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

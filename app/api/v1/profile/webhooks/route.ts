import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { createWebhook } from '@/server/services/webhooks/create-webhook';
import { listWebhooks } from '@/server/services/webhooks/list-webhooks';
import { createWebhookInput, webhookResponse } from '@/server/services/webhooks/schemas';
import { webhookRecord } from '@/server/services/webhooks/webhook-record';

// CONTRACT: Beyond the spec … Integrations: outgoing webhooks.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List webhooks', responses: { 200: jsonDoc(z.array(webhookResponse), "The caller's webhooks (never the secret)") } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json((await listWebhooks(db, auth.userId)).map((row) => webhookRecord(row))),
  }),
  POST: defineRoute({
    doc: {
      summary: 'Create a webhook',
      description:
        'The secret is shown once. A URL whose host resolves to a loopback, private or link-local address is refused (422) unless the server allows it. See the `webhooks` section for the deliveries.',
      responses: { 201: jsonDoc(webhookResponse, 'The new webhook, with `secret` this once', ['cache-control']) },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    json: createWebhookInput,
    handler: async ({ db, auth, body }) => {
      const { row, secret } = await createWebhook(db, auth.userId, body);
      return json(webhookRecord(row, secret), { status: 201, headers: { 'cache-control': 'no-store' } });
    },
  }),
});

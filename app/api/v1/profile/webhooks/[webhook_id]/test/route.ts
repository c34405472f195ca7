import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { testDeliveryResponse } from '@/server/services/webhooks/schemas';
import { sendTestWebhook } from '@/server/services/webhooks/send-test-webhook';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: {
      summary: 'Send a test event',
      description: 'Queues a `ping` delivery (`data`: `{ "webhook_id" }`), signed and retried like every other; follow it in the delivery log.',
      responses: { 202: jsonDoc(testDeliveryResponse, 'The queued delivery') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    params: z.object({ webhook_id: z.string().max(64) }),
    handler: async ({ db, auth, params }) => json(await sendTestWebhook(db, auth.userId, params.webhook_id), { status: 202 }),
  }),
});

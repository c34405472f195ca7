import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { listWebhookDeliveries } from '@/server/services/webhooks/list-webhook-deliveries';
import { webhookDeliveryResponse } from '@/server/services/webhooks/schemas';
import { webhookDeliveryRecord } from '@/server/services/webhooks/webhook-record';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: "A webhook's delivery log", responses: { 200: jsonDoc(z.array(webhookDeliveryResponse), 'The last 100 deliveries, newest first') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    params: z.object({ webhook_id: z.string().max(64) }),
    handler: async ({ db, auth, params }) => json((await listWebhookDeliveries(db, auth.userId, params.webhook_id)).map(webhookDeliveryRecord)),
  }),
});

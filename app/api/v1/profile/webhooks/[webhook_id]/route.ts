import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { noContent } from '@/server/http/respond';
import { emptyDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { deleteWebhook } from '@/server/services/webhooks/delete-webhook';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  DELETE: defineRoute({
    doc: { summary: 'Delete a webhook', responses: { 204: emptyDoc('Deleted, with its delivery log') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    params: z.object({ webhook_id: z.string().max(64) }),
    handler: async ({ db, auth, params }) => {
      await deleteWebhook(db, auth.userId, params.webhook_id);
      return noContent();
    },
  }),
});

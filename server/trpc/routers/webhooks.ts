import { z } from 'zod';
import { createWebhook } from '@/server/services/webhooks/create-webhook';
import { deleteWebhook } from '@/server/services/webhooks/delete-webhook';
import { listWebhookDeliveries } from '@/server/services/webhooks/list-webhook-deliveries';
import { listWebhooks } from '@/server/services/webhooks/list-webhooks';
import { createWebhookInput } from '@/server/services/webhooks/schemas';
import { sendTestWebhook } from '@/server/services/webhooks/send-test-webhook';
import { webhookDeliveryRecord, webhookRecord } from '@/server/services/webhooks/webhook-record';
import { authedProcedure, router } from '../init';

// Twin of /profile/webhooks/**: same services, same wire records (`secret` only on creation).
const webhookId = z.object({ id: z.string().max(64) });

export const webhooksRouter = router({
  list: authedProcedure('DEFAULT').query(async ({ ctx }) => (await listWebhooks(ctx.db, ctx.user.userId)).map((row) => webhookRecord(row))),
  create: authedProcedure('WRITE')
    .input(createWebhookInput)
    .mutation(async ({ ctx, input }) => {
      const { row, secret } = await createWebhook(ctx.db, ctx.user.userId, input);
      return webhookRecord(row, secret);
    }),
  delete: authedProcedure('WRITE')
    .input(webhookId)
    .mutation(async ({ ctx, input }) => {
      await deleteWebhook(ctx.db, ctx.user.userId, input.id);
      return { id: input.id };
    }),
  deliveries: authedProcedure('DEFAULT')
    .input(webhookId)
    .query(async ({ ctx, input }) => (await listWebhookDeliveries(ctx.db, ctx.user.userId, input.id)).map(webhookDeliveryRecord)),
  sendTest: authedProcedure('WRITE')
    .input(webhookId)
    .mutation(({ ctx, input }) => sendTestWebhook(ctx.db, ctx.user.userId, input.id)),
});

import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '@/db/client';
import { webhooks, type WebhookRow } from '@/db/schema';
import { sealSecret } from '@/server/auth/secret-box';
import { assertPublicWebhookUrl } from './assert-public-webhook-url';
import type { CreateWebhookInput } from './schemas';

/** CONTRACT: Beyond the spec … Integrations: the secret is shown only in this answer; sealed at rest. */
export async function createWebhook(db: Db, userId: number, input: CreateWebhookInput): Promise<{ row: WebhookRow; secret: string }> {
  await assertPublicWebhookUrl(input.url);
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const [row] = await db
    .insert(webhooks)
    .values({ id: randomUUID(), userId, url: input.url, events: input.events, secret: sealSecret(secret, 'webhook-secret-box') })
    .returning();
  return { row: row!, secret };
}

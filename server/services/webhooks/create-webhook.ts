import { randomBytes, randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users, webhooks, type WebhookRow } from '@/db/schema';
import { sealSecret } from '@/server/auth/secret-box';
import { validationError } from '@/server/errors';
import { assertPublicWebhookUrl } from './assert-public-webhook-url';
import type { CreateWebhookInput } from './schemas';

/** Webhooks one user may have (issue 49: each is a receiver the runner may wait on). */
export const MAX_WEBHOOKS_PER_USER = 10;

/**
 * CONTRACT: Beyond the spec … Integrations: the secret is shown only in this answer; sealed at
 * rest. At most MAX_WEBHOOKS_PER_USER per user (422 past it), counted under the user row's lock so
 * two creations at once cannot both take the last place.
 */
export async function createWebhook(db: Db, userId: number, input: CreateWebhookInput): Promise<{ row: WebhookRow; secret: string }> {
  await assertPublicWebhookUrl(input.url);
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ held } = { held: 0 }] = await tx.select({ held: count() }).from(webhooks).where(eq(webhooks.userId, userId));
    if (held >= MAX_WEBHOOKS_PER_USER) {
      throw validationError(
        [{ field: '/url', message: `at most ${MAX_WEBHOOKS_PER_USER} webhooks per user: delete one first` }],
        `You have ${MAX_WEBHOOKS_PER_USER} webhooks, the most allowed: delete one first.`,
      );
    }
    const [created] = await tx
      .insert(webhooks)
      .values({ id: randomUUID(), userId, url: input.url, events: input.events, secret: sealSecret(secret, 'webhook-secret-box') })
      .returning();
    return created!;
  });
  return { row, secret };
}

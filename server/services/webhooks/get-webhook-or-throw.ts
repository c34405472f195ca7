import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { webhooks, type WebhookRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import { isUuid } from '@/server/util/uuid';

export const webhookNotFound = () => new AppError('not_found', { detail: 'No such webhook.' });

/** The caller's webhook; another user's, or a malformed id, is not found. */
export async function getWebhookOrThrow(db: Db, userId: number, webhookId: string): Promise<WebhookRow> {
  if (!isUuid(webhookId)) throw webhookNotFound();
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.userId, userId)));
  if (!row) throw webhookNotFound();
  return row;
}

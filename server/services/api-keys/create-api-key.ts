import { systemNow } from '@/server/clock';
import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { newApiKey } from '@/server/auth/api-key-format';
import { assertStepUp } from '../users/assert-step-up';
import type { ApiKeyRow } from './api-key-record';
import type { CreateApiKeyInput } from './schemas';

/**
 * spec: Authentication rule 7: step-up first (assertStepUp). The raw key is returned once; only its SHA-256 is
 * stored.
 */
export async function createApiKey(db: Db, userId: number, input: CreateApiKeyInput, now = systemNow()): Promise<{ row: ApiKeyRow; key: string }> {
  await assertStepUp(db, userId, input, 'Creating an API key', now);
  const { key, prefix, hash } = newApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: randomUUID(),
      userId,
      name: input.name,
      keyPrefix: prefix,
      keyHash: hash,
      scopes: JSON.stringify(input.scopes),
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      createdAt: now,
    })
    .returning();
  return { row: row!, key };
}

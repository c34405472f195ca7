import type { apiKeys } from '@/db/schema';
import type { ApiKeyResponse } from './schemas';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The spec's API key resource (snake_case wire shape); `key` only on creation. */
export function apiKeyRecord(row: ApiKeyRow, key?: string): ApiKeyResponse {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    key_prefix: row.keyPrefix,
    scopes: row.scopes,
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    is_active: row.isActive,
    ...(key !== undefined ? { key } : {}),
  };
}

import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, users } from '@/db/schema';
import { API_KEY_FORMAT } from '@/server/auth/api-key-format';
import { safeEqual, sha256Hex } from '@/server/auth/hash';
import type { Scope } from '@/server/auth/scopes';
import { AppError } from '@/server/errors';
import type { AuthContext } from '@/server/auth/auth-context';
import { log } from '@/server/log/logger';

const refused = () => new AppError('unauthorized', { detail: 'The API key is not valid, revoked or expired.' });

/**
 * spec: Authentication rule 9: looked up by its SHA-256 (the index makes the lookup constant in the key's
 * content), compared in constant time, revoked or expired keys refused at once; every successful
 * use is logged with prefix, user, endpoint and client address.
 */
export async function authenticateApiKey(db: Db, key: string, use: { endpoint: string; clientAddress: string }, now = new Date()): Promise<AuthContext> {
  if (!API_KEY_FORMAT.test(key)) throw refused();
  const hash = sha256Hex(key);
  const [row] = await db
    .select({ key: apiKeys, accessType: users.accessType, active: users.active })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, hash));
  if (!row || !safeEqual(row.key.keyHash, hash) || !row.key.isActive || !row.active) throw refused();
  if (row.key.expiresAt && row.key.expiresAt.getTime() <= now.getTime()) throw refused();
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.key.id));
  log().info({ key_prefix: row.key.keyPrefix, user_id: row.key.userId, endpoint: use.endpoint, client_address: use.clientAddress }, 'api key used');
  return {
    userId: row.key.userId,
    accessType: row.accessType,
    scopes: JSON.parse(row.key.scopes) as Scope[],
    via: 'api_key',
    apiKeyId: row.key.id,
  };
}

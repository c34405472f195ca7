import { systemNow } from '@/server/clock';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { prepareOnServer } from '@/db/pglite-prepared';
import { preparedPerDatabase } from '@/db/prepared';
import { apiKeys, users } from '@/db/schema';
import { API_KEY_FORMAT } from '@/server/auth/api-key-format';
import { safeEqual, sha256Hex } from '@/server/auth/hash';
import type { Scope } from '@/server/auth/scopes';
import { AppError } from '@/server/errors';
import type { AuthContext } from '@/server/auth/auth-context';
import { log } from '@/server/log/logger';

const usedKeyColumns = {
  id: apiKeys.id,
  userId: apiKeys.userId,
  keyPrefix: apiKeys.keyPrefix,
  keyHash: apiKeys.keyHash,
  scopes: apiKeys.scopes,
  accessType: users.accessType,
};
const usedAt = sql`${sql.placeholder('now')}::timestamptz`;

// The check and the use's record in one statement, prepared once (every API-key upload runs it):
// only a key that passes is touched. api_keys raises no NOTIFY (prepareOnServer's writes).
const keyUse = preparedPerDatabase((db) =>
  prepareOnServer(
    db,
    'use_of_api_key',
    db
      .update(apiKeys)
      .set({ lastUsedAt: usedAt })
      .from(users)
      .where(
        and(
          eq(apiKeys.keyHash, sql.placeholder('hash')),
          eq(users.id, apiKeys.userId),
          eq(apiKeys.isActive, true),
          eq(users.active, true),
          or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, usedAt)),
        ),
      )
      .returning(usedKeyColumns),
    Object.keys(usedKeyColumns),
    { writes: true },
  ),
);

const refused = () => new AppError('unauthorized', { detail: 'The API key is not valid, revoked or expired.' });

/**
 * spec: Authentication rule 9: looked up by its SHA-256 (the index makes the lookup constant in the key's
 * content), compared in constant time, revoked or expired keys (or a deactivated user's) refused
 * at once; every successful use is logged with prefix, user, endpoint and client address.
 */
export async function authenticateApiKey(db: Db, key: string, use: { endpoint: string; clientAddress: string }, now = systemNow()): Promise<AuthContext> {
  if (!API_KEY_FORMAT.test(key)) throw refused();
  const hash = sha256Hex(key);
  const [row] = await keyUse(db).execute({ hash, now: now.toISOString() });
  if (!row || !safeEqual(row.keyHash, hash)) throw refused();
  log().info({ key_prefix: row.keyPrefix, user_id: row.userId, endpoint: use.endpoint, client_address: use.clientAddress }, 'api key used');
  return {
    userId: row.userId,
    accessType: row.accessType,
    scopes: JSON.parse(row.scopes) as Scope[],
    via: 'api_key',
    apiKeyId: row.id,
  };
}

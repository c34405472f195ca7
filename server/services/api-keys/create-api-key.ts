import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { newApiKey } from '@/server/auth/api-key-format';
import { verifyPassword } from '@/server/auth/password';
import { AppError, validationError } from '@/server/errors';
import { verifySecondFactor } from '../mfa/verify-second-factor';
import { getUserOrThrow } from '../users/get-user-or-throw';
import type { ApiKeyRow } from './api-key-record';
import type { CreateApiKeyInput } from './schemas';

const stepUpFailed = (what: string) => new AppError('permission_denied', { code: 'step_up_failed', detail: `The ${what} is not correct.` });

/**
 * Spec rule 7: step-up first — the current password for accounts that have one, an MFA code when
 * MFA is on. Missing proof is 422, wrong proof 403 step_up_failed (never 401, which clients read
 * as "signed out"). The raw key is returned once; only its SHA-256 is stored.
 */
export async function createApiKey(db: Db, userId: number, input: CreateApiKeyInput, now = new Date()): Promise<{ row: ApiKeyRow; key: string }> {
  const user = await getUserOrThrow(db, userId);
  const missing = [];
  if (user.passwordHash && !input.current_password) missing.push({ field: '/current_password', message: 'current_password is required' });
  if (user.mfaEnabled && !input.mfa_code) missing.push({ field: '/mfa_code', message: 'mfa_code is required while MFA is enabled' });
  if (missing.length) throw validationError(missing, 'Creating an API key needs step-up verification.');
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, input.current_password!))) throw stepUpFailed('current password');
  if (user.mfaEnabled && !(await verifySecondFactor(db, user, input.mfa_code!, now))) throw stepUpFailed('MFA code');
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

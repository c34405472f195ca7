import { systemNow } from '@/server/clock';
import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { pendingMfaLogins } from '@/db/schema';
import { safeEqual, sha256Hex } from '@/server/auth/hash';
import { env } from '@/server/env';
import type { SessionOrigin } from '../sessions/create-session';

// spec: Pending MFA login: a correct password with MFA on waits for the second step.
// CONTRACT: Settled for the background half and hardening: the pending login belongs to the
// client that passed the password step. That client holds an opaque mfa_token (stored here as
// its SHA-256); a client presenting none must come with the same client type and address.

export interface PendingMfaLogin {
  tokenHash: string | null;
  /** PKCE challenge given at the password step (spec: Authentication rule 4) */
  codeChallenge: string | null;
}

/** Starts (or restarts) the user's pending login; returns the mfa_token for the client. */
export async function createPendingMfaLogin(
  db: Db,
  input: { userId: number; origin: SessionOrigin; codeChallenge?: string },
  now = systemNow(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const row = {
    clientType: input.origin.clientType,
    clientAddress: input.origin.ipAddress,
    tokenHash: sha256Hex(token),
    codeChallenge: input.codeChallenge ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + env().MFA_PENDING_TTL_SECONDS * 1000),
  };
  await db
    .insert(pendingMfaLogins)
    .values({ userId: input.userId, ...row })
    .onConflictDoUpdate({ target: pendingMfaLogins.userId, set: row });
  return token;
}

/**
 * The user's live pending login when the presenting client may complete it: its mfa_token
 * matches, or it presents none and has the client type and address of the password step.
 */
export async function findBoundPendingMfaLogin(
  db: Db,
  userId: number,
  client: { mfaToken?: string; origin: SessionOrigin },
  now = systemNow(),
): Promise<PendingMfaLogin | null> {
  const [row] = await db
    .select()
    .from(pendingMfaLogins)
    .where(and(eq(pendingMfaLogins.userId, userId), gt(pendingMfaLogins.expiresAt, now)));
  if (!row) return null;
  const bound = client.mfaToken
    ? row.tokenHash !== null && safeEqual(row.tokenHash, sha256Hex(client.mfaToken))
    : row.clientType === client.origin.clientType && row.clientAddress === client.origin.ipAddress;
  return bound ? { tokenHash: row.tokenHash, codeChallenge: row.codeChallenge } : null;
}

/** Removes that pending login; false when another request completed or replaced it first. */
export async function consumePendingMfaLogin(db: Db, userId: number, pending: PendingMfaLogin, now = systemNow()): Promise<boolean> {
  const sameLogin = pending.tokenHash === null ? undefined : eq(pendingMfaLogins.tokenHash, pending.tokenHash);
  const removed = await db
    .delete(pendingMfaLogins)
    .where(and(eq(pendingMfaLogins.userId, userId), gt(pendingMfaLogins.expiresAt, now), sameLogin))
    .returning({ userId: pendingMfaLogins.userId });
  return removed.length > 0;
}

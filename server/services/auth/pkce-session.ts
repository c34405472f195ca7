import { systemNow } from '@/server/clock';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { pkceSessions, users } from '@/db/schema';
import { CODE_VERIFIER_FORMAT, verifierMatches } from '@/server/auth/pkce';
import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { createSession, type SessionOrigin } from '../sessions/create-session';
import type { TokenBundle } from '../sessions/issue-tokens';
import { isUuid } from '@/server/util/uuid';

/** spec: Authentication rule 3: with PKCE no tokens appear at login; the session waits for its exchange. */
export async function createPkceSession(
  db: Db,
  input: { userId: number; codeChallenge: string; origin: SessionOrigin; kind?: 'password' | 'sso' },
  now = systemNow(),
): Promise<string> {
  const id = randomUUID();
  await db.insert(pkceSessions).values({
    id,
    userId: input.userId,
    codeChallenge: input.codeChallenge,
    kind: input.kind ?? 'password',
    ipAddress: input.origin.ipAddress,
    userAgent: input.origin.userAgent?.slice(0, 1024) ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + env().PKCE_SESSION_TTL_SECONDS * 1000),
  });
  return id;
}

/**
 * spec: PKCE session table: 200 once for the matching verifier, 400 on a mismatch (the session
 * stays exchangeable), 409 after the exchange, 404 unknown or expired. `kind` names the sessions
 * the path exchanges: the SSO path also takes a password login's (issue 51: the Endurain app
 * exchanges its PKCE password login at /public/idp/session/{id}/tokens, as Endurain serves it).
 */
export async function exchangePkceSession(
  db: Db,
  input: { sessionId: string; codeVerifier: string; kind: 'password' | 'sso' | readonly ('password' | 'sso')[]; clientType: 'web' | 'mobile' },
  now = systemNow(),
): Promise<TokenBundle> {
  if (!CODE_VERIFIER_FORMAT.test(input.codeVerifier)) {
    throw new AppError('invalid_input', { detail: 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~.' });
  }
  const notFound = new AppError('not_found', { detail: 'No such PKCE session, or it has expired.' });
  if (!isUuid(input.sessionId)) throw notFound;
  const [row] = await db
    .select({ pkce: pkceSessions, accessType: users.accessType, active: users.active })
    .from(pkceSessions)
    .innerJoin(users, eq(users.id, pkceSessions.userId))
    .where(and(eq(pkceSessions.id, input.sessionId), inArray(pkceSessions.kind, typeof input.kind === 'string' ? [input.kind] : [...input.kind])));
  if (!row) throw notFound;
  if (row.pkce.exchangedAt) throw new AppError('conflict', { detail: 'The tokens of this session were already exchanged.' });
  if (row.pkce.expiresAt.getTime() <= now.getTime()) throw notFound;
  if (!verifierMatches(input.codeVerifier, row.pkce.codeChallenge)) {
    throw new AppError('invalid_input', { detail: 'The code_verifier does not match the code_challenge.' });
  }
  if (!row.active) throw new AppError('permission_denied', { detail: 'This account is disabled.' });
  // claim the exchange atomically: of two racing exchanges exactly one proceeds
  const claimed = await db
    .update(pkceSessions)
    .set({ exchangedAt: now })
    .where(and(eq(pkceSessions.id, row.pkce.id), isNull(pkceSessions.exchangedAt), gt(pkceSessions.expiresAt, now)))
    .returning({ id: pkceSessions.id });
  if (!claimed.length) throw new AppError('conflict', { detail: 'The tokens of this session were already exchanged.' });
  const origin = { clientType: input.clientType, ipAddress: row.pkce.ipAddress, userAgent: row.pkce.userAgent };
  return createSession(
    db,
    { id: row.pkce.userId, accessType: row.accessType },
    origin,
    now,
    row.pkce.id,
    row.pkce.kind === 'sso' || input.clientType === 'web',
  );
}

import { systemNow } from '@/server/clock';
import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/client';
import { sessions } from '@/db/schema';
import { env } from '@/server/env';
import { issueTokens, type TokenBundle } from './issue-tokens';
import { parseUserAgent } from './user-agent';

export interface SessionOrigin {
  clientType: 'web' | 'mobile';
  ipAddress: string | null;
  userAgent: string | null;
}

export interface SessionUser {
  id: number;
  accessType: 'regular' | 'admin';
}

/** Starts a session (one token family) for a user who has fully authenticated. */
export async function createSession(
  db: Db,
  user: SessionUser,
  origin: SessionOrigin,
  now = systemNow(),
  id: string = randomUUID(),
  withCsrf?: boolean,
): Promise<TokenBundle> {
  const session = { id, userId: user.id, tokenFamilyId: randomUUID(), clientType: origin.clientType };
  return db.transaction(async (tx) => {
    await tx.insert(sessions).values({
      ...session,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent?.slice(0, 1024) ?? null,
      ...parseUserAgent(origin.userAgent),
      createdAt: now,
      lastActivityAt: now,
      expiresAt: new Date(now.getTime() + env().SESSION_ABSOLUTE_TIMEOUT_HOURS * 3_600_000),
    });
    return issueTokens(tx, session, user.accessType, now, withCsrf);
  });
}

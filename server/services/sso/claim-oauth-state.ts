import { systemNow } from '@/server/clock';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { oauthStates } from '@/db/schema';
import { sha256Hex } from '@/server/auth/hash';

export type OAuthStateRow = typeof oauthStates.$inferSelect;

/**
 * spec: the OAuth state lives 10 minutes and is used once. Claimed atomically before the IdP is
 * asked anything, so of two callbacks with one state exactly one proceeds; unknown, used and
 * expired states all give null.
 */
export async function claimOAuthState(db: Db, state: string, now = systemNow()): Promise<OAuthStateRow | null> {
  if (!state || state.length > 512) return null;
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(and(eq(oauthStates.stateHash, sha256Hex(state)), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, now)))
    .returning();
  return row ?? null;
}

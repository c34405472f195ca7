import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { stravaLinks } from '@/db/schema';
import { openSecret, sealSecret } from '@/server/auth/secret-box';
import { now } from '@/server/clock';
import { StravaUnauthorized } from '@/server/strava/strava-api-client';
import { refreshStravaTokens, StravaGrantRefused } from '@/server/strava/strava-oauth';

// spec: External provider synchronization: each sync first refreshes the access token if it
// expires within 60 minutes. Strava rotates refresh tokens, so the new pair replaces the old one
// in the transaction that holds the link row: two syncs refreshing at once take turns, and the
// second finds a fresh token instead of spending a refresh token that no longer works.

const REFRESH_WITHIN_MS = 60 * 60_000;

/** The user's usable access token, or null when Strava is not linked. */
export async function freshStravaAccessToken(db: Db, userId: number): Promise<string | null> {
  const outcome = await db.transaction(async (tx) => {
    const [link] = await tx.select().from(stravaLinks).where(eq(stravaLinks.userId, userId)).for('update');
    if (!link) return { token: null };
    if (link.needsReconnect) return { refused: true as const };
    if (link.expiresAt.getTime() - now().getTime() > REFRESH_WITHIN_MS) return { token: openSecret(link.accessToken, 'provider-token-box') };
    try {
      const tokens = await refreshStravaTokens(openSecret(link.refreshToken, 'provider-token-box'));
      await tx
        .update(stravaLinks)
        .set({
          accessToken: sealSecret(tokens.accessToken, 'provider-token-box'),
          refreshToken: sealSecret(tokens.refreshToken, 'provider-token-box'),
          expiresAt: tokens.expiresAt,
          updatedAt: now(),
        })
        .where(eq(stravaLinks.userId, userId));
      return { token: tokens.accessToken };
    } catch (error) {
      if (error instanceof StravaGrantRefused) return { refused: true as const };
      throw error;
    }
  });
  if ('refused' in outcome) {
    await markStravaReconnectNeeded(db, userId);
    throw new StravaUnauthorized('Strava refused the refresh token: reconnect Strava.');
  }
  return outcome.token;
}

/** CONTRACT: after a 401 the status shows the link as needing a reconnect. */
export async function markStravaReconnectNeeded(db: Db, userId: number): Promise<void> {
  await db.update(stravaLinks).set({ needsReconnect: true, updatedAt: now() }).where(eq(stravaLinks.userId, userId));
}

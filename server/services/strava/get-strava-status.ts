import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { stravaLinks } from '@/db/schema';
import { providerRateLimitedUntil } from '@/server/rate-limit/provider-rate-limit';
import { STRAVA_PROVIDER, stravaConfigured } from '@/server/strava/strava-config';
import type { StravaStatusResponse } from './schemas';

export type StravaStatus = StravaStatusResponse;

/** CONTRACT: Settled 2026-11-23: all four keys always, null where they do not apply, ISO UTC. */
export async function getStravaStatus(db: Db, userId: number): Promise<StravaStatus> {
  const [link] = await db.select().from(stravaLinks).where(eq(stravaLinks.userId, userId));
  const limitedUntil = await providerRateLimitedUntil(STRAVA_PROVIDER);
  return {
    linked: Boolean(link),
    athlete_id: link?.athleteId ?? null,
    expires_at: link?.expiresAt.toISOString() ?? null,
    rate_limited_until: limitedUntil?.toISOString() ?? null,
    needs_reconnect: link?.needsReconnect ?? false,
    configured: stravaConfigured(),
  };
}

import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { stravaLinks } from '@/db/schema';
import { providerRateLimitedUntil } from '@/server/rate-limit/provider-rate-limit';
import { STRAVA_PROVIDER } from '@/server/strava/strava-config';

export interface StravaStatus {
  linked: boolean;
  athlete_id: number | null;
  expires_at: string | null;
  rate_limited_until: string | null;
  /** Strava refused our tokens (401): the user must connect again (CONTRACT: Settled 2026-11-23) */
  needs_reconnect: boolean;
}

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
  };
}

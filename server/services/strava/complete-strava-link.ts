import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { stravaLinks, stravaLinkStates } from '@/db/schema';
import { safeEqual, sha256Hex } from '@/server/auth/hash';
import { sealSecret } from '@/server/auth/secret-box';
import { log } from '@/server/log/logger';
import { now } from '@/server/clock';
import { isUniqueViolation } from '../users/unique-violation';
import { exchangeStravaCode, StravaGrantRefused } from '@/server/strava/strava-oauth';

export interface StravaCallbackInput {
  code?: string;
  state?: string;
  scope?: string;
  error?: string;
  /** the state cookie GET /strava/link set in the browser that started the link */
  browserState: string | null;
}

/** Why a link failed: the settings page shows it (`/settings?strava=error&reason=…`). */
export type StravaLinkFailure = 'invalid_state' | 'expired_state' | 'athlete_taken' | 'access_denied' | 'scope_denied' | 'exchange_failed';

export type StravaLinkOutcome = { linked: true; userId: number } | { linked: false; reason: StravaLinkFailure };

/**
 * CONTRACT: Strava, settled 2026-11-23 and changed 2026-11-25: the callback carries no bearer; the
 * single-use state names the user and must come back to the browser that started the link (its
 * cookie), else a victim who opens an attacker's authorize URL would link their athlete to the
 * attacker's account. It is consumed first (delete … returning, so two racing callbacks cannot
 * both use it), and a forged, used, expired or foreign state is refused before any call to Strava.
 * An athlete already linked to another account is refused (unique in the database).
 */
export async function completeStravaLink(db: Db, input: StravaCallbackInput): Promise<StravaLinkOutcome> {
  if (!input.state || !input.browserState || !safeEqual(input.browserState, input.state)) return { linked: false, reason: 'invalid_state' };
  const [pending] = await db
    .delete(stravaLinkStates)
    .where(eq(stravaLinkStates.stateHash, sha256Hex(input.state)))
    .returning();
  if (!pending) return { linked: false, reason: 'invalid_state' };
  if (pending.expiresAt <= now()) return { linked: false, reason: 'expired_state' };
  if (input.error || !input.code) return { linked: false, reason: 'access_denied' };
  // the athlete may untick "view data about your activities" on Strava's consent page
  const granted = (input.scope ?? '').split(',');
  if (!granted.includes('activity:read_all') && !granted.includes('activity:read')) return { linked: false, reason: 'scope_denied' };

  let tokens;
  try {
    tokens = await exchangeStravaCode(input.code);
  } catch (error) {
    if (!(error instanceof StravaGrantRefused)) log().warn({ err: error }, 'Strava code exchange failed');
    return { linked: false, reason: 'exchange_failed' };
  }
  if (tokens.athleteId === null) return { linked: false, reason: 'exchange_failed' };
  const values = {
    athleteId: tokens.athleteId,
    accessToken: sealSecret(tokens.accessToken, 'provider-token-box'),
    refreshToken: sealSecret(tokens.refreshToken, 'provider-token-box'),
    expiresAt: tokens.expiresAt,
    scope: input.scope!,
    needsReconnect: false,
    updatedAt: now(),
  };
  const [taken] = await db
    .select({ userId: stravaLinks.userId })
    .from(stravaLinks)
    .where(and(eq(stravaLinks.athleteId, tokens.athleteId), ne(stravaLinks.userId, pending.userId)));
  if (taken) return { linked: false, reason: 'athlete_taken' };
  try {
    await db
      .insert(stravaLinks)
      .values({ userId: pending.userId, ...values })
      .onConflictDoUpdate({ target: stravaLinks.userId, set: values });
  } catch (error) {
    // two accounts linking one athlete at the same moment: the unique index keeps one
    if (isUniqueViolation(error)) return { linked: false, reason: 'athlete_taken' };
    throw error;
  }
  return { linked: true, userId: pending.userId };
}

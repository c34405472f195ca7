import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { stravaLinks, stravaLinkStates } from '@/db/schema';
import { sha256Hex } from '@/server/auth/hash';
import { sealSecret } from '@/server/auth/secret-box';
import { log } from '@/server/log/logger';
import { now } from '@/server/rate-limit/clock';
import { exchangeStravaCode, StravaGrantRefused } from '@/server/strava/strava-oauth';

export interface StravaCallbackInput {
  code?: string;
  state?: string;
  scope?: string;
  error?: string;
}

/** Why a link failed: the settings page shows it (`/settings?strava=error&reason=…`). */
export type StravaLinkFailure = 'invalid_state' | 'expired_state' | 'access_denied' | 'scope_denied' | 'exchange_failed';

export type StravaLinkOutcome = { linked: true; userId: number } | { linked: false; reason: StravaLinkFailure };

/**
 * CONTRACT: Settled 2026-11-23: the callback carries no bearer; the single-use state alone names
 * the user. It is consumed first (delete … returning, so two racing callbacks cannot both use it),
 * and a forged, used or expired state is refused before any call to Strava.
 */
export async function completeStravaLink(db: Db, input: StravaCallbackInput): Promise<StravaLinkOutcome> {
  if (!input.state) return { linked: false, reason: 'invalid_state' };
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
  await db
    .insert(stravaLinks)
    .values({ userId: pending.userId, ...values })
    .onConflictDoUpdate({ target: stravaLinks.userId, set: values });
  return { linked: true, userId: pending.userId };
}
